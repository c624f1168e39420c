"""The assistant's turns: understand the message, act with the portal's own capabilities, reply.

It never states a rule of its own: law answers quote the statutes found by the
search, vehicle answers come from the registry lookup and its status rules,
wizard answers from the same flow engine as the wizard pages, and complaint
answers from the infraction table.  The capabilities arrive through
:class:`Ports` (implemented by the web layer), so this module has no web,
database or search-engine code.  Questions about the law are answered by
:class:`~knowledge.assistant.law.LawAnswers` (law.py); this module runs the turn,
small talk, plates, wizards and reports.
"""

from __future__ import annotations

import re

from ..reader.lexicon import vocabulary
from ..citations import N_, Cite
from ..complaints import OCCURRENCES, RECIFE_GROUP_1_WARNING, REGULATORS, classify, classify_row
from ..plate_verdict import ACTION_EMERGENCY, plate_verdict
from ..corpus import UnknownUnit, resolve
from ..flows import FLOWS, InvalidAnswer
from ..flows.engine import Question, Statement
from ..places import PLACES
from .answers import parse_answer
from .foreign import to_portuguese
from .focus import KIND_WORDS
from .law import DOMAIN_RE, GENERIC_WORDS, PLACE_NAME_WORDS, LawAnswers, key_words, quote_unit
from .kinds import question_kind
from .ports import MAX_HISTORY, Hit, Ports, Reply, State, in_place, place_of_law
from .text import fold, normalize
from .values import day_said
from ..reader.stories import MIN_PORTUGUESE_SHARE, portuguese_share

# A danger that may be happening now ("o motorista está bêbado"): the emergency number comes with any reply.
DANGER_RE = re.compile(vocabulary("danger_re"))
from ..infractions import MEASURE_LABELS, measures_by_kind
from ..reader.report import classify_report
from .telling import tells_facts
from .reports import LAW_GOVERNS, asks_who_takes_complaints, classified_somewhere, mentions_facts, may_tell_a_report, tells_a_report, told_scene
from .understanding import FOLLOW_UP_WORDS, carried_over, completes_the_last_question, Understanding, is_question, occurrences_in, understand, without_other_places

# Words of any report that say nothing about what happened (who, which vehicle).
REPORT_COMMON_WORDS = set(vocabulary("report_common_words"))
# Reported facts none of the four laws names (understanding.UNNAMED_REPORTS): said plainly.
UNNAMED_TOPICS = {
    "cinto": N_("Cinto de segurança: as leis que conheço não tratam dele. A denúncia vai para a equipe do órgão, que avalia o enquadramento."),
}
SUGGESTIONS = (
    N_("Quanto tempo vale o CRC?"),
    N_("Pode vender passagem individual no fretamento?"),
    N_("Qual é a minha modalidade de fretamento?"),
    N_("Apreenderam minha van"),
    N_("Consultar a placa KGT2E47"),
)

__all__ = ["Assistant", "Hit", "Ports", "Reply", "State", "SUGGESTIONS"]


class Assistant:
    def __init__(self, ports: Ports):
        self.ports = ports
        self.law = LawAnswers(ports, self._)

    def _(self, text: str, **params) -> str:
        translated = self.ports.translate(text)
        return translated % params if params else translated

    # -- the turn ---------------------------------------------------------------------------
    def respond(self, message: str, state: State, language: str = "pt") -> Reply:
        """One turn.  ``language`` is the interface language: English and Spanish
        messages are read through their Portuguese equivalents (see foreign.py)."""
        original, message = message, to_portuguese(message, language)
        self._typed = {message: original}  # a complaint is prefilled with the words as typed, not as read
        self.law.locale = language  # amounts and dates of the reply in its language (values.py)
        self._place_assumed = False  # a report read in the place of earlier in the conversation (_report_reply)
        question = self._current_question(state)
        parsed_answer = parse_answer(question, message, self.ports.today()) if question else None
        u = understand(
            message,
            in_wizard=question is not None,
            awaiting_jurisdiction=state.pending_query is not None or state.pending_report is not None,
            answer_parses=parsed_answer is not None,
        )
        reply = self._report(u, message, state) if u.intent in ("lei", "denuncia", "fora_do_escopo") else None
        if reply is None and u.intent in ("lei", "denuncia", "fora_do_escopo") and asks_who_takes_complaints(message):
            reply = self._who_takes_complaints(u, state)
        if reply is None:
            handler = getattr(self, f"_on_{u.intent}")
            reply = handler(u, state, message=message, parsed_answer=parsed_answer, question=question)
        if question is not None and u.intent in ("lei", "denuncia", "fora_do_escopo") and state.wizard and not reply.intencao.startswith("wizard"):
            # A new question or report ends the wizard's pending question (the next message is not read as
            # its answer); the place chosen in it stays the conversation's.
            place = state.answers.get("jurisdicao")
            if place in PLACES and not state.jurisdiction:
                state.jurisdiction = place
            state.wizard, state.answers = None, {}
        if u.intent != "jurisdicao" and reply.intencao != "denuncia_lugar" and not getattr(self, "_place_assumed", False):
            state.pending_report = None
        told = state.last_query if u.intent == "jurisdicao" else message  # a place given answers the story told before
        if u.intent in ("lei", "fora_do_escopo", "jurisdicao") and told and mentions_facts(told) and not any(a["tipo"] == "denuncia" for a in reply.acoes):
            # What happened was told: whatever the law answers, the complaint is one tap away.
            url = self.ports.denuncia_url(**{k: v for k, v in {"jurisdicao": u.jurisdiction, "relato": self._as_typed(told)[:1000]}.items() if v})
            reply.acoes.append({"tipo": "denuncia", "url": url, "rotulo": self._("Fazer a denúncia"), "linhas": []})
        in_danger = bool(DANGER_RE.search(fold(self._as_typed(message).lower())))
        reported = reply.intencao.startswith("denuncia") and any(a["tipo"] == "denuncia" for a in reply.acoes)
        if (in_danger or reported) and not any(a["tipo"] == "emergencia" for a in reply.acoes):
            # A report is heard while it may still be happening (a drunk driver on the road now): the
            # emergency number comes with the complaint, and with any reply to a danger told, as on the plate check.
            reply.acoes.append({"tipo": "emergencia", "url": "tel:190", "rotulo": self._(ACTION_EMERGENCY)})
        self._name_the_place(reply)
        if u.intent not in ("lei", "jurisdicao"):
            state.pending_query = state.last_query = None
        if reply.intencao == "denuncia" and reply.citations and u.intent in ("lei", "fora_do_escopo"):
            # A story the reader classified: a follow-up ("e se passar disso, quanto é?") reads it as its context.
            state.last_query = message[:1000]
        state.history.append({"de": "pessoa", "texto": self._as_shown(original, state)[:2000]})
        state.history.append({"de": "assistente", "texto": reply.texto, "pergunta": reply.pergunta, "acoes": reply.acoes, # Each citation with the date of the wording it quotes (the facts' date, else today).
                              "citations": [[c.law, c.unit, (c.on or self.ports.today()).isoformat()] for c in reply.citations]})
        state.history = state.history[-MAX_HISTORY:]
        return reply

    def _as_typed(self, text: str) -> str:
        """This turn's message as the person typed it (an English or Spanish one is read folded and
        translated); any other text as it is."""
        return getattr(self, "_typed", {}).get(text, text)

    @staticmethod
    def _as_shown(message: str, state: State) -> str:
        """What the person's bubble shows: a quick answer's button sends its value ("pe") and
        shows its label ("Pernambuco"), and the conversation keeps the label they saw."""
        asked = state.history[-1].get("pergunta") if state.history else None
        for option in (asked or {}).get("opcoes") or ():
            if message.strip() == str(option.get("valor")):
                return str(option.get("rotulo") or message)
        return message

    def _name_the_place(self, reply: Reply) -> None:
        """A reply that cites one place's law says which place, whichever path built it (a wizard
        opened on a question, a plate, a report): a place is never assumed silently."""
        laws = {c.law for c in reply.citations}
        if len(laws) != 1:
            return
        place = next((p for p in PLACES.values() if p.law_id == next(iter(laws))), None)
        if place is not None and fold(place.name.lower()) not in fold(reply.texto.lower()):
            reply.texto += "\n" + self._("Lei considerada: a de %(lugar)s.", lugar=place.name)

    # -- small talk --------------------------------------------------------------------------
    def _suggestions(self) -> list[str]:
        return [self.ports.translate(s) for s in SUGGESTIONS]

    def _on_saudacao(self, u, state, **_):
        return Reply(self._("Olá! Eu respondo com base nas leis de fretamento e transporte intermunicipal de Pernambuco, São Paulo, Acre e do transporte complementar do Recife, sempre citando o artigo. Posso consultar uma placa, tirar dúvidas sobre a lei, guiar você nos assistentes ou ajudar a fazer uma denúncia."), "saudacao", sugestoes=self._suggestions())

    def _on_agradecimento(self, u, state, **_):
        return Reply(self._("De nada! Se precisar, é só perguntar de novo."), "agradecimento", sugestoes=self._suggestions()[:3])

    def _on_ajuda(self, u, state, **_):
        return Reply(self._(
            "Você pode: digitar uma placa (ex.: KGT2E47) para saber se o veículo está autorizado; perguntar o que a lei diz (ex.: “pode viajar gente em pé?”); "
            "contar uma situação (ex.: “apreenderam minha van”, “qual é a minha modalidade”) para eu fazer as perguntas certas; ou relatar uma irregularidade para denunciar. "
            "Escreva “recomeçar” para começar de novo."
        ), "ajuda", sugestoes=self._suggestions())

    def _on_recomecar(self, u, state, **_):
        state.wizard, state.answers, state.pending_query, state.jurisdiction = None, {}, None, None
        state.history = []
        return Reply(self._("Pronto, começamos de novo. Em que posso ajudar?"), "recomecar", sugestoes=self._suggestions())

    def _on_cancelar(self, u, state, **_):
        state.wizard, state.answers = None, {}
        return Reply(self._("Tudo bem, saí do assistente. Pergunte o que quiser."), "cancelar", sugestoes=self._suggestions()[:3])

    def _on_fora_do_escopo(self, u, state, **_):
        reasons = {
            "interestadual": N_("Viagens entre estados não são tratadas pelas leis que eu conheço, que são estaduais e municipais."),
            "aplicativo": N_("Transporte por aplicativo não é tratado pelas leis que eu conheço."),
            "outro_modal": N_("Avião, metrô, trem e barco não são tratados pelas leis que eu conheço."),
            "taxi": N_("O táxi da cidade é assunto das regras municipais, que eu não conheço (só a lei do Acre trata de táxi em viagem intermunicipal)."),
            "outro_estado": N_("Eu só conheço as leis de Pernambuco, São Paulo, Acre e do Recife; as de outros estados, não."),
            "transito": N_("Carteira de motorista e multas de trânsito são assunto do DETRAN e do Código de Trânsito, que eu não conheço."),
            "fora_do_tema": N_("Isso não tem a ver com transporte de passageiros, que é o que eu conheço."),
        }
        text = self._(reasons.get(u.reason, reasons["outro_estado"])) + " " + self._(
            "Não vou arriscar uma resposta sem lei para citar. Eu posso: consultar uma placa, explicar o fretamento em Pernambuco, São Paulo e Acre e o transporte complementar do Recife, guiar você nos assistentes e ajudar numa denúncia."
        )
        return Reply(text, "fora_do_escopo", fora_do_escopo=True, sugestoes=self._suggestions()[:3])

    # -- vehicle lookup ----------------------------------------------------------------------------
    def _on_placa(self, u, state, **_):
        plate = u.plates[0]
        data = self.ports.lookup(plate)
        # The verdict a passenger acts on, said first, in the place's own law (knowledge/plate_verdict.py) —
        # the same line /consulta, /v/<placa> and the API lead with.
        verdict = plate_verdict(data).render(self._)
        what_to_do = [item["texto"] for item in verdict["o_que_fazer"]]
        head = self._("Placa %(placa)s — %(veredito)s", placa=data["placa"], veredito=verdict["texto"])
        text = "\n".join([head] + [f"• {m['mensagem']}" for m in data["motivos"]] + what_to_do)
        if data.get("demonstracao"):
            text += " " + self._("(Dados de demonstração, fictícios.)")
        citations = [Cite(c["law"], c["unit"]) for m in data["motivos"] for c in m["citations"]]
        acoes = [{"tipo": "consulta", "url": self.ports.consulta_url(data["placa"]), "rotulo": self._("Ver a consulta completa")}]
        if data["situacao"] != "regular" or u.occurrences:
            jurisdiction = (data.get("operadora") or {}).get("jurisdicao")
            occurrences = u.occurrences or (["sem_autorizacao"] if data["situacao"] == "nao_encontrado" else [])
            acoes.append({"tipo": "denuncia", "url": self.ports.denuncia_url(placa=data["placa"], jurisdicao=jurisdiction, ocorrencias=occurrences), "rotulo": self._("Denunciar este veículo")})
        state.wizard, state.answers = None, {}
        return Reply(text, "placa", citations=citations, acoes=acoes)

    # -- wizards ---------------------------------------------------------------------------------
    def _current_question(self, state: State) -> Question | None:
        if not state.wizard:
            return None
        try:
            progress = FLOWS.get(state.wizard).run(state.answers, today=self.ports.today())
        except (InvalidAnswer, LookupError):
            state.wizard, state.answers = None, {}
            return None
        return progress.next_question

    def _on_wizard_repergunta(self, u, state, *, question, **_):
        return self._wizard_step(state, "", "wizard_resposta", error=self._("Não entendi a resposta. Escolha uma das opções ou responda de outro jeito (para sair, escreva “cancelar”)."))

    def _on_wizard(self, u, state, *, message, **_):
        if state.wizard == u.flow:
            # The same situation told again ("levaram pro depósito"): keep going, adding what it says.
            for key, value in u.prefill.items():
                state.answers.setdefault(key, value)
            return self._wizard_step(state, "", "wizard_resposta")
        flow = FLOWS.get(u.flow)
        law = self._law_first(message, u, flow, state)
        state.wizard, state.answers = u.flow, dict(u.prefill)
        if u.jurisdiction:  # the place said with the situation stays the conversation's after the wizard
            state.jurisdiction = u.jurisdiction
        intro = self._("Vou fazer algumas perguntas para responder com base na lei: %(titulo)s", titulo=self._(flow.title))
        reply = self._wizard_step(state, intro, "wizard")
        if law is not None:
            # The law's general answer first; the wizard then narrows it to the person's case.
            reply.texto = law.texto + "\n" + reply.texto
            reply.citations = law.citations + [c for c in reply.citations if c not in law.citations]
            reply.acoes = [a for a in law.acoes if a["tipo"] == "lei"] + reply.acoes
        return reply

    def _law_first(self, message: str, u, flow, state: State) -> Reply | None:
        """A question the law answers in general ("quais documentos …?") that also opens a wizard."""
        laws = {c.law for c in flow.legal_basis}
        place = u.jurisdiction or (place_of_law(next(iter(laws))) if len(laws) == 1 else None)
        kind = question_kind(u.text)
        if kind is None or not is_question(message, u.text):
            return None
        if place is None:
            # "o que tenho que pagar pra tirar do depósito?", "podem apreender o carro?", no place said: each
            # place's rule side by side; the wizard's first question then asks the place.
            reply = self.law.answer(message, None, State(), intent="wizard", asked=False)
            if reply is not None and reply.pergunta and reply.texto.endswith("\n" + reply.pergunta["texto"]):
                reply.texto = reply.texto[: -len(reply.pergunta["texto"]) - 1]
        else:
            reply = self.law.answer(message, place, State(), intent="wizard", asked=True)
        return reply if reply is not None and reply.citations else None

    def _on_wizard_resposta(self, u, state, *, parsed_answer, question, **_):
        state.answers[question.id] = parsed_answer
        return self._wizard_step(state, "", "wizard_resposta")

    def _wizard_step(self, state: State, intro: str, intent: str, error: str = "") -> Reply:
        flow = FLOWS.get(state.wizard)
        try:
            progress = flow.run(state.answers, today=self.ports.today())
        except InvalidAnswer as exc:
            state.answers.pop(exc.field, None)
            message = self._(exc.message, **exc.params) if exc.params else self._(exc.message)
            return self._wizard_step(state, intro, intent, error=message)
        page = {"tipo": "wizard", "url": self.ports.wizard_url(flow.id, state.answers), "rotulo": self._("Abrir o assistente completo, com o que você já respondeu")}
        if not progress.complete:
            q = progress.next_question
            parts = [p for p in (intro, error, self._(q.text), self._(q.help) if q.help else "") if p]
            hint = {
                "date": N_("Responda com a data, por exemplo 10/11/2026."),
                "number": N_("Responda com um número."),
            }.get(q.type)
            if hint:
                parts.append(self._(hint))
            options = [{"valor": o.value, "rotulo": self._(o.label)} for o in q.options]
            if q.type == "bool":
                options = [{"valor": "sim", "rotulo": self._("Sim")}, {"valor": "nao", "rotulo": self._("Não")}]
            if not q.required:
                options.append({"valor": "pular", "rotulo": self._("Pular")})
            if q.type == "date" and q.default_today:
                options.append({"valor": "hoje", "rotulo": self._("Hoje")})
            basis = list(q.legal_basis)
            chosen = PLACES.get(state.answers.get("jurisdicao") or "")
            chosen_law = chosen.law_id if chosen else None
            if chosen_law:  # only the law of the place already chosen (another state's rule would mislead)
                basis = [c for c in basis if c.law == chosen_law]
            return Reply(" ".join(parts), intent, citations=basis, acoes=[page], pergunta={"id": q.id, "texto": self._(q.text), "opcoes": options})
        outcome = progress.outcome
        lines = [self.ports.say(outcome.headline)] if outcome.headline else []
        shown = 0
        for value in outcome.fields.values():
            if isinstance(value, list):
                for statement in value[:2]:
                    if isinstance(statement, Statement) and shown < 5 and statement.text != (outcome.headline.text if outcome.headline else None):
                        lines.append("• " + self.ports.say(statement))
                        shown += 1
        lines.append(self._("O resultado completo, com todas as regras e citações, está no link."))
        result = {"tipo": "wizard", "url": self.ports.wizard_url(flow.id, progress.answers, result=True), "rotulo": self._("Ver o resultado completo")}
        state.wizard, state.answers = None, {}
        return Reply("\n".join(([intro] if intro else []) + lines), intent, citations=outcome.citations()[:12], acoes=[result])

    # -- complaints ------------------------------------------------------------------------------
    def _row_facts(self, row, on) -> tuple[list[str], list]:
        """What the law attaches to the row besides the fine — the measures it orders and whom it holds
        responsible (knowledge/infractions.py) — as the form and the receipt say it, with their units."""
        lines, cited = [], []
        if row.measures:
            lines.append("  " + self._("Medida:") + " " + "; ".join(self._(MEASURE_LABELS[kind]) for kind, _group in measures_by_kind(row.measures)) + ".")
            cited += [m.cite.at(on) for m in row.measures]
        if row.responsavel:
            lines.append("  " + self._("Quem responde:") + " " + "; ".join(r.text for r in row.responsavel) + ".")
            cited += [r.cite.at(on) for r in row.responsavel]
        else:
            lines.append("  " + self._("Quem responde:") + " " + self._("a lei não diz") + ".")
        return lines, cited

    def _detail(self, e) -> str:
        detail = self._(e.descricao, **e.params) if e.params and "%(" in e.descricao else self._(e.descricao)
        if detail == e.descricao and not str(self.law.locale or "pt").startswith("pt"):
            # A row's words are the statute's, never translated: said as a quote, in English and Spanish too.
            detail = f"“{detail.rstrip('.')}” " + self._("(palavras da lei, em português).")
        unit = (e.multa or {}).get("unidade")
        # São Paulo grades a fine by its share of the MVR: its "gravity" is the fine itself, said once below.
        if e.gravidade and unit != "MVR_PCT":
            detail += " " + self._("Gravidade: %(g)s.", g=(self._(e.gravidade) % e.params) if e.params else self._(e.gravidade))
        if e.multa and e.multa.get("unidade") == "BRL":
            detail += " " + self._("Multa: %(v)s.", v=self.ports.say(Statement("%(v)s", [], {"v": e.multa["valor"]})))
        elif e.multa and e.multa.get("unidade") == "UFIRAC":
            detail += " " + self._("Multa: %(v)s UFIRACs.", v=e.multa["valor"]) + " " + self._(
                "(a UFIRAC é a unidade fiscal do Acre; o valor dela em reais é fixado a cada ano e não está na lei)")
        elif e.multa and e.multa.get("unidade") == "VB" and e.multa.get("valor_brl") is not None:
            # Recife's Vm = G × Vb, computed (never "× Vb" shown): the Vb the law fixes, said to be corrected.
            vb = e.multa["valor_brl"] / e.multa["valor"]
            amount = self.ports.say(Statement("%(v)s", [], {"v": e.multa["valor_brl"]}))
            base = self.ports.say(Statement("%(v)s", [], {"v": vb}))
            times = (self._("(uma vez o valor base, Vb, que a lei fixa em %(vb)s; a prefeitura o corrige com o reajuste da tarifa)", vb=base)
                     if int(e.multa["valor"]) == 1 else
                     self._("(%(n)d vezes o valor base, Vb, que a lei fixa em %(vb)s; a prefeitura o corrige com o reajuste da tarifa)",
                            n=int(e.multa["valor"]), vb=base))
            detail += " " + self._("Multa: %(v)s.", v=amount + " " + times)
        elif e.multa and e.multa.get("unidade") == "MVR_PCT":
            detail += " " + self._("Multa: %(v)s%% do MVR.", v=e.multa["valor"]) + " " + self._(
                "(o MVR, Maior Valor de Referência, é um índice federal extinto; o decreto não diz quanto isso vale hoje em reais)")
        if e.penalidade and RECIFE_GROUP_1_WARNING in e.ressalvas:
            # The first infraction of the group is a written warning (its unit is among the citations): the
            # fine said above is the repeat's — as the form and the receipt say.
            detail += " " + self._(RECIFE_GROUP_1_WARNING)
        return detail

    def _law_on_report(self, text: str, place: str | None) -> list[tuple[str, Hit, str]]:
        """Where a law speaks of the reported fact (the driver drinking …): its unit in each place."""
        found = []
        for j in [place] if place else list(PLACES):
            for hit in self.ports.search(text, j, 3):
                marked = {normalize(m) for m in re.findall(r"<mark>(.*?)</mark>", hit.snippet)}
                telling = [m for m in marked if m and m not in GENERIC_WORDS and m not in REPORT_COMMON_WORDS
                           and not set(m.split()) <= PLACE_NAME_WORDS]
                if telling:
                    try:
                        found.append((j, hit, quote_unit(resolve(hit.law, hit.unit)[1], limit=200)))
                    except UnknownUnit:
                        continue
                    break
        return found

    def _on_denuncia(self, u, state, *, message: str = "", **_):
        # Only a place named in this message fills the form; one from earlier is said, never pre-filled.
        named = u.jurisdiction
        carried = None if named else state.jurisdiction
        today = self.ports.today()
        lines, citations = [], []
        named_occurrences = [o for o in u.occurrences if o != "outro"]
        for occurrence in named_occurrences:
            places = [named or carried] if (named or carried) else list(PLACES)
            if len(places) > 1:
                lines.append(f"• {self._(OCCURRENCES[occurrence])}:")
            for j in places:
                e = classify(occurrence, j, today)
                if not e.gravidade and len(places) > 1:
                    continue  # that place's law has no specific infraction for it
                if len(places) > 1:
                    lines.append(f"   – {in_place(self._, j)}: {self._detail(e)}")
                else:
                    lines.append(f"• {self._(OCCURRENCES[occurrence])}: {self._detail(e)}")
                citations.extend(c for c in e.citations if c not in citations)
        for topic in u.topics:
            lines.append("• " + self._(UNNAMED_TOPICS[topic]))
        if "outro" in u.occurrences and not u.topics and not named_occurrences:
            # A passage is quoted for a story told in Portuguese only: of an English one the search
            # matches a word or two ("bus" → the bus-stop row), which is no reading of what happened.
            told = getattr(self, "_typed", {}).values()
            found = self._law_on_report(u.text, named or carried) if all(portuguese_share(t) >= MIN_PORTUGUESE_SHARE for t in told) else []
            for j, hit, quote in found:
                lines.append(f"• {in_place(self._, j)}, {hit.label}: “{quote}”")
                citations.append(Cite(hit.law, hit.unit))
            lines.append("• " + self._("A equipe do órgão avalia o enquadramento a partir do seu relato."))
        if lines:
            if (named or carried) and named_occurrences:
                head = self._("Pelo que você contou, %(no_lugar)s isso é infração:", no_lugar=self._(PLACES[named or carried].in_name))
            elif named or carried:
                head = self._("%(lugar)s, pelo que você contou:", lugar=in_place(self._, named or carried))
            else:
                head = self._("Pelo que você contou, o que as leis dizem (a regra muda conforme o lugar):")
            text = "\n".join([head] + lines)
            if carried:
                text += "\n" + self._("Considerei o lugar de que falamos antes (%(lugar)s); se foi em outro lugar, escolha no formulário.", lugar=PLACES[carried].name)
            text += "\n" + self._("Você pode denunciar: o formulário já vem com o que você contou (escolha o lugar, se ainda não escolheu), e você recebe um protocolo. A denúncia pode ser anônima.")
        else:
            text = self._("Você pode denunciar pelo formulário: marque o que aconteceu, informe a placa se souber e receba um protocolo. A denúncia pode ser anônima.")
        # The form comes with what was told, as the reply says (in English or Spanish too: the words as typed).
        told = self._as_typed(message)[:1000] if lines and message else None
        url = self.ports.denuncia_url(**{k: v for k, v in {"jurisdicao": named, "ocorrencias": u.occurrences, "relato": told}.items() if v})
        state.wizard, state.answers = None, {}
        return Reply(text, "denuncia", citations=citations, acoes=[{"tipo": "denuncia", "url": url, "rotulo": self._("Fazer a denúncia")}])

    # -- a report read by the one reader (knowledge/reader) -----------------------------------------
    def _report(self, u, message: str, state: State) -> Reply | None:
        """A message that tells what happened: the row of the law of that day, or None for the other paths."""
        told = tells_a_report(message)
        today = self.ports.today()
        place = u.jurisdiction or state.jurisdiction
        if not told and not may_tell_a_report(message):
            # Facts told without the lexicon's cue words (a habit in the present, a scene): the one reader
            # decides, as on the complaint form — a report only when it finds the row with confidence.
            scene = told_scene(message) if place else None
            if scene is None or not tells_facts(scene):
                return None
            told_words = classify_report(scene, place, today)
            if not told_words.classified:
                return None
            # A story that asks nothing is its own told words: read once, not twice.
            report = told_words if scene == message else classify_report(message, place, today)
            return self._report_reply(report, state, named=bool(u.jurisdiction), occurrences=u.occurrences) if report.classified else None
        if not told and not place and question_kind(u.text) is not None:
            return None  # "… isso é permitido?" with no place: the law answers for each place, the complaint offered
        if not place and u.intent == "fora_do_escopo":
            return None  # words out of the four laws' scope, and no place of theirs named
        if place:
            report = classify_report(message, place, today)
            # A story that asks nothing is a report even when no row fits; a question that tells facts
            # and no row fits is answered from the law.  A story whose words looked out of scope (a boat
            # trip in a charter bus) is a report only when the reader finds its row.
            if report.classified or (told and u.intent != "fora_do_escopo" and (u.intent == "denuncia" or not is_question(message, u.text))):
                return self._report_reply(report, state, named=bool(u.jurisdiction), occurrences=u.occurrences)
            return None
        if classified_somewhere(message, today):
            # Each place has its own table: the row (and the regulator) depend on where it happened.
            state.pending_report = message
            pergunta = self.law.place_question(self._("Onde aconteceu? Cada lugar tem sua lei, sua tabela de multas e seu órgão de fiscalização."))
            # The complaint is offered at once all the same (the form asks the place): nothing waits on the answer.
            url = self.ports.denuncia_url(relato=self._as_typed(message)[:1000], ocorrencias=list(u.occurrences) or None)
            return Reply(self._("Isso parece uma infração. Para dizer qual, e quanto é a multa, preciso saber onde aconteceu.") + "\n" + pergunta["texto"],
                         "denuncia_lugar", pergunta=pergunta,
                         acoes=[{"tipo": "denuncia", "url": url, "rotulo": self._("Fazer a denúncia"), "linhas": []}])
        return None

    def _who_takes_complaints(self, u, state: State) -> Reply:
        """The regulator each law names, with the units that give it the power, and the complaint form."""
        places = [u.jurisdiction or state.jurisdiction] if (u.jurisdiction or state.jurisdiction) else list(PLACES)
        lines, citations = [], []
        for j in places:
            regulator = REGULATORS[j]
            named = self._(regulator.nome)  # "Prefeitura do Recife — …" already starts with its short name
            lines.append(f"• {in_place(self._, j)}: {named if named.startswith(regulator.sigla) else f'{regulator.sigla} — {named}'}.")
            citations.extend(c for c in regulator.citations if c not in citations)
        head = self._("Quem recebe a denúncia, pela lei de cada lugar:") if len(places) > 1 else self._("Quem recebe a denúncia:")
        text = "\n".join([head] + lines + [self._("Pelo formulário deste portal a denúncia chega ao órgão, com um protocolo para acompanhar; pode ser anônima. Em situação de perigo, ligue 190.")])
        url = self.ports.denuncia_url(**({"jurisdicao": places[0]} if len(places) == 1 else {}))
        state.last_query = u.text[:1000]  # a place given next ("e em São Paulo?") asks the same of that place
        return Reply(text, "denuncia", citations=citations, acoes=[{"tipo": "denuncia", "url": url, "rotulo": self._("Fazer a denúncia"), "linhas": []}])

    def _report_reply(self, report, state: State, *, named: bool, occurrences: list[str] = ()) -> Reply:
        place = PLACES[report.place]
        lines, citations, rows = [], [], []
        when = None
        if report.dated_by == "story":
            if report.period.exact:
                when = self._("fatos de %(dia)s, “%(palavras)s”", dia=_day(report.period.start, self.law.locale), palavras=report.period.words)
            else:
                when = self._("fatos entre %(de)s e %(ate)s, “%(palavras)s”", de=_day(report.period.start, self.law.locale), ate=_day(report.period.end, self.law.locale), palavras=report.period.words)
        for wording in report.wordings:
            e = wording.enquadramento
            span = ""
            if len(report.wordings) > 1:
                span = self._("De %(de)s a %(ate)s: ", de=_day(wording.reading.on, self.law.locale), ate=_day(wording.reading.until, self.law.locale))
            if e is None:
                if not report.outside:
                    lines.append("• " + span + self._("não consigo dizer com segurança qual infração da tabela é essa."))
                continue
            # Every row the story describes (knowledge/reader: the whole story's and its parts'), most
            # confident first, each with its unit, its fine on the date of the facts and what the law attaches.
            for row in wording.rows:
                said = e if row is wording.row else classify_row(row, wording.reading.on)
                lines.append(f"• {span}{said.citations[0].label}: {self._detail(said)}")
                citations.extend(c for c in said.citations if c not in citations)
                facts, cited = self._row_facts(row, wording.reading.on)
                lines.extend(facts)
                citations.extend(c for c in cited if c not in citations)
        rows = report.all_rows
        if rows:
            head = self._("Pelo que você contou, %(no_lugar)s isso é infração", no_lugar=self._(place.in_name))
            head += f" ({when}):" if when else ":"
        elif report.outside and report.place in LAW_GOVERNS:
            head = self._("O que você contou é de um serviço que a lei %(do_lugar)s não rege — ela trata %(do_que)s —: nenhuma infração da tabela dela se aplica, e o órgão avalia a denúncia se você a fizer.",
                          do_lugar=self._(place.of_name), do_que=self._(LAW_GOVERNS[report.place]))
            citations.append(Cite(place.law_id, "art-1"))
        else:
            head = self._("Não consigo classificar com segurança o que você contou numa infração da lei %(do_lugar)s: a denúncia vai ao órgão, que avalia o enquadramento.",
                          do_lugar=self._(place.of_name))
        text = "\n".join([head] + lines)
        if not named:
            text += "\n" + self._("Considerei o lugar de que falamos antes (%(lugar)s); se foi em outro lugar, diga onde.", lugar=place.name)
            # "foi em pernambuco" next reads the story again there (_on_jurisdicao), as this reply invites.
            state.pending_report, self._place_assumed = report.story, True
        text += "\n" + self._("Você pode denunciar: o formulário já vem com o que você contou, e você recebe um protocolo. A denúncia pode ser anônima.")
        # The form comes with every row of the newest wording checked (the citizen confirms or changes them).
        newest = [r.key for r in report.wordings[-1].rows] if report.wordings else []
        prefill = {"jurisdicao": report.place if named else None, "linha": newest or None,
                   "data_ocorrencia": report.period.start.isoformat() if report.dated_by == "story" and report.period.exact else None,
                   "relato": self._as_typed(report.story)[:1000], "ocorrencias": list(occurrences) or None}
        url = self.ports.denuncia_url(**{k: v for k, v in prefill.items() if v})
        state.wizard, state.answers = None, {}
        if named:
            state.jurisdiction = report.place
        return Reply(text, "denuncia", citations=citations, acoes=[{"tipo": "denuncia", "url": url, "rotulo": self._("Fazer a denúncia"), "linhas": rows}])

    # -- the law ----------------------------------------------------------------------------------
    def _on_jurisdicao(self, u, state, **_):
        state.jurisdiction = u.jurisdiction
        if state.pending_report:
            story, state.pending_report = state.pending_report, None
            return self._report_reply(classify_report(story, u.jurisdiction, self.ports.today()), state, named=True, occurrences=occurrences_in(normalize(story)))
        # The question that waited for a place, else the one just answered ("… no Acre?" — "e em SP?").
        query, state.pending_query = state.pending_query or state.last_query, None
        if query is not None and asks_who_takes_complaints(query):
            state.last_query = query  # "pra quem eu reclamo?" — "e em São Paulo?": that place's regulator
            return self._who_takes_complaints(u, state)
        if query is None:
            return Reply(self._("Certo: %(lugar)s. Qual é a sua dúvida sobre o transporte de passageiros lá?", lugar=PLACES[u.jurisdiction].name), "jurisdicao")
        return self._answer_law(without_other_places(query, u.jurisdiction), u.jurisdiction, state, asked=True)

    def _on_lei(self, u, state, *, message, **_):
        # "e se foi pra socorrer um ônibus quebrado?" completes the question just answered: both are read.
        # A follow-up that asks nothing of its own ("e no Acre, pro fretamento que roda sem a autorização?")
        # may be as long as one that names nothing of transport: it can only complete the question before.
        moored = bool(DOMAIN_RE.search(u.text)) and question_kind(u.text) is not None
        follow_up = message if state.last_query and (completes_the_last_question(
            u.text, about_transport=moored) or _asks_only_a_value(u.text)) else None
        # The follow-up first: its words are what the question is now mainly about ("cancelamento", after
        # a question on suspension).
        # What it names instead of something in that question ("e pra micro-ônibus?") replaces it.
        query = f"{message} {carried_over(state.last_query, message)}" if follow_up else message
        if u.jurisdiction:
            state.jurisdiction = u.jurisdiction
            return self._answer_law(query, u.jurisdiction, state, asked=True, follow_up=follow_up)
        # A place from earlier in the conversation (or chosen in the wizard it is in) is used only saying
        # so, with a one-tap change.
        place = state.jurisdiction or (state.answers.get("jurisdicao") if state.wizard else None)
        if place not in PLACES:
            place = None
        return self._answer_law(query, place, state, asked=False, carried=bool(place), follow_up=follow_up)

    def _answer_law(self, query: str, jurisdiction: str | None, state: State, *, asked: bool, carried: bool = False,
                    follow_up: str | None = None) -> Reply:
        # A question that waited for a place is replaced by this one (the answer sets it again when it asks
        # for a place or uses the conversation's): a place chosen later is for this question, not an older one.
        state.pending_query = None
        reply = self.law.answer(query, jurisdiction, state, intent="lei", asked=asked, carried=carried, follow_up=follow_up)
        # The question answered (with its follow-ups), for the next follow-up.
        state.last_query = query[:1000] if reply is not None else None
        if reply is None:  # no word of passenger transport at all
            return self._on_fora_do_escopo(Understanding("fora_do_escopo", normalize(query), reason="fora_do_tema"), state)
        return reply


def _day(day, locale: str | None = None) -> str:
    """A date of facts as the law's answers write it (DD/MM/AAAA; in English, Babel's: values.day_said)."""
    return day_said(day, locale)


def _asks_only_a_value(text: str) -> bool:
    """"qual o valor da multa então?", "e o prazo?": a short question that names only the kind of answer
    it wants, nothing it is about, asks it of the thing the conversation was about."""
    kind = question_kind(text)
    return (kind is not None and len(text.split()) <= FOLLOW_UP_WORDS
            and not [w for w in key_words(text) if w not in KIND_WORDS.get(kind, ())])
