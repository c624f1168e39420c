"""The assistant's turns: understand the message, act with the portal's own capabilities, reply.

It never states a rule of its own: law answers quote the statutes found by the
search, vehicle answers come from the registry lookup and its status rules,
wizard answers from the same flow engine as the wizard pages, and complaint
answers from the infraction table.  The capabilities arrive through
:class:`Ports` (implemented by the web layer), so this module has no web,
database or search-engine code.  A :class:`Rephraser` may later reword
``texto`` (e.g. a local language model); it never sees or changes citations,
actions or decisions.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

from ..citations import N_, Cite
from ..complaints import OCCURRENCES, classify
from ..corpus import UnknownUnit, resolve
from ..history import wording_at
from ..places import PLACES
from ..units import Unit
from ..flows import FLOWS, InvalidAnswer
from ..flows.engine import Question, Statement
from .answers import parse_answer, parse_date
from .foreign import to_portuguese
from .text import normalize
from .kinds import carries, focus_bonus, references, referring_units, focus_words, introduces, is_list_item, plain_value, question_kind, unit_bonus
from .understanding import Understanding, understand

JURISDICTION_NAMES = {"pe": "Pernambuco", "sp": "São Paulo", "ac": "Acre", "recife": "Recife"}
# Words that show a message is about passenger transport at all.
DOMAIN_RE = re.compile(
    r"fret|onibus|\bvan\b|micro|passag|passageir|\bcrc\b|epti|\bder\b|ageac|stcp|multa|infrac|veicul|motorist|transport|viage|"
    r"placa|vistori|seguro|apreen|rodoviari|turis|excurs|lotac|permission|autoriza|clandestin|\blei\b|artigo|denunci|carro|automovel|"
    r"cooperativ|empresa|deposito|cadastur|taxi|tarifa|bilhete|terminal|embarq|desembarq|tacograf|idoso|gratuid|estudant|viaj|"
    r"prazo|defesa|recurs|recorr|jari|fiscal|cadastr|registr|document|licen|taxa|selo|adesivo|lista|anexo|cnpj|permiss|concess|"
    r"linha|pass?ageir|lugar|assento|\bpe\b|bagag|encomend|garagem|condutor|cobrador|uniform|gps|rastread|pneu|freio|acident|"
    r"\bmei\b|turism|aluguel|emplac|idade|fabrica|apolice|ufirac|mvr|vb\b|grupo|infra|penal|suspens|cassa|cancel|retid|retenc|"
    r"remoc|guinch|estadi|diaria|sentad|lotad|porta|clandest|pirata|irregular|capacidade|frota|tfd|paciente|social|proprio|contin|eventual"
)
IN_PLACE = {"pe": N_("Em Pernambuco"), "sp": N_("Em São Paulo"), "ac": N_("No Acre"), "recife": N_("No Recife")}
# Words too common in the statutes to show that a passage answers the question.
GENERIC_WORDS = {
    "fretamento", "fretado", "fretados", "onibus", "van", "vans", "micro", "veiculo", "veiculos", "transporte", "passageiro",
    "passageiros", "pode", "podem", "posso", "lei", "leis", "empresa", "empresas", "servico", "intermunicipal", "viagem",
    "viagens", "motorista", "carro", "usar", "fazer", "ter", "ser", "que", "qual", "quais", "como", "para", "com", "sem",
    "uma", "um", "dos", "das", "nos", "nas", "por", "mais", "quando", "onde", "quanto", "quantos", "esta", "sao", "regra",
    "regras", "preciso", "precisa", "tem", "nao", "sim", "the", "fica", "ficar", "dia", "dias", "pra", "isso", "essa", "esse",
    "pela", "pelo", "regulamento", "decreto", "pernambuco", "paulo", "acre", "recife", "epti", "der", "ageac", "stcp", "levar",
}
# The statutes' word for what a question names otherwise ("em pé": the law says "sentados").
KEY_EQUIVALENTS = {"pe": ("sentados", "lotacao"), "idoso": ("sessenta",), "idosos": ("sessenta",), "cachorro": ("animais",), "animal": ("animais",)}
# Words of any report that say nothing about what happened (who, which vehicle).
REPORT_COMMON_WORDS = {"motorista", "motoristas", "condutor", "condutores", "cobrador", "cobradores", "demais", "veiculo", "veiculos", "onibus", "passageiros", "passageiro"}
# Reported facts none of the four laws names (understanding.UNNAMED_REPORTS): said plainly.
UNNAMED_TOPICS = {
    "cinto": N_("Cinto de segurança: as leis que conheço não tratam dele. A denúncia vai para a equipe do órgão, que avalia o enquadramento."),
}
LAW_OF = {"pe": "pe-lei-16205-2017", "sp": "sp-decreto-29912-1989", "ac": "ac-lei-2731-2013", "recife": "recife-lei-16856-2003"}
JURISDICTION_OF_LAW = {v: k for k, v in LAW_OF.items()}
SUGGESTIONS = (
    N_("Quanto tempo vale o CRC?"),
    N_("Pode vender passagem individual no fretamento?"),
    N_("Qual é a minha modalidade de fretamento?"),
    N_("Apreenderam minha van"),
    N_("Consultar a placa KGT2E47"),
)
MAX_HISTORY = 40


@dataclass
class Hit:
    law: str
    unit: str
    label: str
    snippet: str  # HTML with <mark>
    score: float
    units: list = field(default_factory=list)  # (unit id, score) of every matching unit of the article, best first


class Ports(Protocol):
    """What the assistant may use; the web layer provides it."""

    def search(self, query: str, jurisdiction: str | None, limit: int) -> list[Hit]: ...
    def lookup(self, plate: str) -> dict: ...
    def wizard_url(self, flow: str, answers: dict, result: bool = False) -> str: ...
    def consulta_url(self, plate: str) -> str: ...
    def denuncia_url(self, **prefill) -> str: ...
    def search_url(self, query: str, jurisdiction: str | None) -> str: ...
    def unit_url(self, law: str, unit: str) -> str: ...
    def translate(self, text: str) -> str: ...
    def say(self, statement: Statement) -> str: ...
    def today(self) -> date: ...


class Rephraser(Protocol):
    def rephrase(self, text: str) -> str: ...


class NoRephrase:
    def rephrase(self, text: str) -> str:
        return text


@dataclass
class State:
    """Everything kept between turns (deleted when the conversation expires)."""

    wizard: str | None = None
    answers: dict = field(default_factory=dict)
    pending_query: str | None = None
    jurisdiction: str | None = None
    history: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"wizard": self.wizard, "answers": self.answers, "pending_query": self.pending_query, "jurisdiction": self.jurisdiction, "history": self.history[-MAX_HISTORY:]}

    @classmethod
    def from_dict(cls, data: dict | None) -> "State":
        data = data or {}
        return cls(data.get("wizard"), dict(data.get("answers") or {}), data.get("pending_query"), data.get("jurisdiction"), list(data.get("history") or []))


@dataclass
class Reply:
    texto: str
    intencao: str
    citations: list[Cite] = field(default_factory=list)
    acoes: list[dict] = field(default_factory=list)
    pergunta: dict | None = None
    fora_do_escopo: bool = False
    sugestoes: list[str] = field(default_factory=list)


class Assistant:
    def __init__(self, ports: Ports, rephraser: Rephraser | None = None):
        self.ports = ports
        self.rephraser = rephraser or NoRephrase()

    def _(self, text: str, **params) -> str:
        translated = self.ports.translate(text)
        return translated % params if params else translated

    # -- the turn ---------------------------------------------------------------------------
    def respond(self, message: str, state: State, language: str = "pt") -> Reply:
        """One turn.  ``language`` is the interface language: English and Spanish
        messages are read through their Portuguese equivalents (see foreign.py)."""
        original, message = message, to_portuguese(message, language)
        question = self._current_question(state)
        parsed_answer = parse_answer(question, message, self.ports.today()) if question else None
        u = understand(
            message,
            in_wizard=question is not None,
            awaiting_jurisdiction=state.pending_query is not None,
            answer_parses=parsed_answer is not None,
        )
        handler = getattr(self, f"_on_{u.intent}")
        reply = handler(u, state, message=message, parsed_answer=parsed_answer, question=question)
        if u.intent not in ("lei", "jurisdicao"):
            state.pending_query = None
        reply.texto = self.rephraser.rephrase(reply.texto)
        state.history.append({"de": "pessoa", "texto": original[:2000]})
        state.history.append({"de": "assistente", "texto": reply.texto, "pergunta": reply.pergunta, "acoes": reply.acoes, "citations": [[c.law, c.unit] for c in reply.citations]})
        state.history = state.history[-MAX_HISTORY:]
        return reply

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
        verdicts = {
            "regular": N_("Veículo autorizado: a placa %(placa)s é de %(empresa)s, com registro válido e vistoria e seguro em dia."),
            "irregular": N_("Atenção: a placa %(placa)s tem irregularidade: %(motivos)s"),
            "nao_encontrado": N_("Atenção: a placa %(placa)s não está no cadastro de veículos autorizados. %(motivos)s"),
        }
        company = (data.get("operadora") or {}).get("nome_fantasia") or (data.get("operadora") or {}).get("razao_social") or ""
        text = self._(verdicts[data["situacao"]], placa=data["placa"], empresa=company, motivos=" ".join(m["mensagem"] for m in data["motivos"]))
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

    def _on_wizard(self, u, state, **_):
        if state.wizard == u.flow:
            # The same situation told again ("levaram pro depósito"): keep going, adding what it says.
            for key, value in u.prefill.items():
                state.answers.setdefault(key, value)
            return self._wizard_step(state, "", "wizard_resposta")
        state.wizard, state.answers = u.flow, dict(u.prefill)
        flow = FLOWS.get(u.flow)
        intro = self._("Vou fazer algumas perguntas para responder com base na lei: %(titulo)s", titulo=self._(flow.title))
        return self._wizard_step(state, intro, "wizard")

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
            chosen_law = LAW_OF.get(state.answers.get("jurisdicao") or "")
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
    def _detail(self, e) -> str:
        detail = self._(e.descricao, **e.params) if e.params and "%(" in e.descricao else self._(e.descricao)
        if e.gravidade:
            detail += " " + self._("Gravidade: %(g)s.", g=(self._(e.gravidade) % e.params) if e.params else self._(e.gravidade))
        if e.multa and e.multa.get("unidade") == "BRL":
            detail += " " + self._("Multa: %(v)s.", v=self.ports.say(Statement("%(v)s", [], {"v": e.multa["valor"]})))
        elif e.multa and e.multa.get("unidade") == "UFIRAC":
            detail += " " + self._("Multa: %(v)s UFIRACs.", v=e.multa["valor"])
        elif e.multa and e.multa.get("unidade") == "VB":
            detail += " " + self._("Multa: %(v)s × Vb.", v=e.multa["valor"])
        elif e.multa and e.multa.get("unidade") == "MVR_PCT":
            detail += " " + self._("Multa: %(v)s%% do MVR.", v=e.multa["valor"])
        return detail

    def _law_on_report(self, text: str, place: str | None) -> list[tuple[str, Hit, str]]:
        """Where a law speaks of the reported fact (the driver drinking …): its unit in each place."""
        found = []
        for j in [place] if place else list(PLACES):
            for hit in self.ports.search(text, j, 3):
                marked = {normalize(m) for m in re.findall(r"<mark>(.*?)</mark>", hit.snippet)}
                telling = [m for m in marked if m and m not in GENERIC_WORDS and m not in REPORT_COMMON_WORDS]
                if telling:
                    try:
                        found.append((j, hit, self._quote_unit(resolve(hit.law, hit.unit)[1], limit=200)))
                    except UnknownUnit:
                        continue
                    break
        return found

    def _on_denuncia(self, u, state, **_):
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
                    lines.append(f"   – {self._(IN_PLACE[j])}: {self._detail(e)}")
                else:
                    lines.append(f"• {self._(OCCURRENCES[occurrence])}: {self._detail(e)}")
                citations.extend(c for c in e.citations if c not in citations)
        for topic in u.topics:
            lines.append("• " + self._(UNNAMED_TOPICS[topic]))
        if "outro" in u.occurrences and not u.topics and not named_occurrences:
            found = self._law_on_report(u.text, named or carried)
            for j, hit, quote in found:
                lines.append(f"• {self._(IN_PLACE[j])}, {hit.label}: “{quote}”")
                citations.append(Cite(hit.law, hit.unit))
            lines.append("• " + self._("A equipe do órgão avalia o enquadramento a partir do seu relato."))
        if lines:
            if (named or carried) and named_occurrences:
                head = self._("Pelo que você contou, %(no_lugar)s isso é infração:", no_lugar=self._(PLACES[named or carried].in_name))
            elif named or carried:
                head = self._("%(lugar)s, pelo que você contou:", lugar=self._(IN_PLACE[named or carried]))
            else:
                head = self._("Pelo que você contou, o que as leis dizem (a regra muda conforme o lugar):")
            text = "\n".join([head] + lines)
            if carried:
                text += "\n" + self._("Considerei o lugar de que falamos antes (%(lugar)s); se foi em outro lugar, escolha no formulário.", lugar=PLACES[carried].name)
            text += "\n" + self._("Você pode denunciar: o formulário já vem com o que você contou (escolha o lugar, se ainda não escolheu), e você recebe um protocolo. A denúncia pode ser anônima.")
        else:
            text = self._("Você pode denunciar pelo formulário: marque o que aconteceu, informe a placa se souber e receba um protocolo. A denúncia pode ser anônima.")
        url = self.ports.denuncia_url(jurisdicao=named, ocorrencias=u.occurrences)
        state.wizard, state.answers = None, {}
        return Reply(text, "denuncia", citations=citations, acoes=[{"tipo": "denuncia", "url": url, "rotulo": self._("Fazer a denúncia")}])

    # -- the law ----------------------------------------------------------------------------------
    def _on_jurisdicao(self, u, state, **_):
        state.jurisdiction = u.jurisdiction
        query, state.pending_query = state.pending_query, None
        return self._answer_law(query, u.jurisdiction, state, intent="lei", asked=True)

    def _on_lei(self, u, state, *, message, **_):
        if u.jurisdiction:
            state.jurisdiction = u.jurisdiction
            return self._answer_law(message, u.jurisdiction, state, intent="lei", asked=True)
        # A place from earlier in the conversation is used only saying so, with a one-tap change.
        return self._answer_law(message, state.jurisdiction, state, intent="lei", asked=False, carried=bool(state.jurisdiction))

    def _place_question(self, text: str) -> dict:
        return {"id": "jurisdicao", "texto": text, "opcoes": [{"valor": j, "rotulo": p.name} for j, p in PLACES.items()]}

    def _rank(self, query: str, kind: str | None, hits: list[Hit], top: float | None = None) -> list[tuple[float, str, Unit, str]]:
        """(score, law id, unit, citation label) for the units of the articles found, best first.

        The search scores every unit it matched; a unit also counts part of the score of
        the caput it completes, and gains when its own words carry the kind of answer
        asked (a number of days, an amount, "vedado" …) — see kinds.unit_bonus.
        """
        top = top or max(h.score for h in hits)
        focus = focus_words(normalize(query), self.key_words(query), kind)
        article_scores = {(h.law, h.unit.split("/")[0]): h.score for h in hits}
        ranked = []
        for position, hit in enumerate(hits):
            try:
                law, found = resolve(hit.law, hit.unit)
            except UnknownUnit:
                continue
            own = dict(hit.units) or {hit.unit: hit.score}
            telling = self._answers(query, hit)
            if kind in ("valor", "prazo"):
                # The fine or deadline of what this article forbids may sit in the article that applies it.
                for referrer in referring_units(hit.law, found.article.id):
                    if referrer.article is not found.article and carries(kind, referrer.text):
                        score = 0.6 * hit.score / top + unit_bonus(kind, referrer, normalize(query)) + focus_bonus(kind, referrer, focus, tuple(normalize(query).split())) - 0.01 * position
                        ranked.append((score, hit.law, referrer, law.citation(referrer)))
            for unit in found.article.walk():
                if unit.vetoed or not (unit.text or unit.closing):
                    continue
                # An inciso completes its caput (and inherits its words); a § only relates to it.  A list
                # of documents is answered by the caput that introduces it, not by one of its items.
                share = 0.6 if is_list_item(unit) and kind != "documentos" else 0.15
                inherited = max((own.get(a.id, 0.0) * share for a in unit.ancestors() if a.kind != "anexo"), default=0.0)
                lexical = own.get(unit.id, 0.0) + inherited
                if kind and carries(kind, unit.text):
                    # "O descumprimento do disposto no art. 44 sujeitará … à multa": what art. 44 forbids is asked.
                    lexical += max((0.6 * article_scores.get((hit.law, f"art-{n}"), 0.0) for n in references(unit)), default=0.0)
                if lexical <= 0:
                    continue
                score = lexical / top + unit_bonus(kind, unit, normalize(query)) + focus_bonus(kind, unit, focus, tuple(normalize(query).split())) - (0 if telling else 0.5) - 0.01 * position
                ranked.append((score, hit.law, unit, law.citation(unit)))
        ranked.sort(key=lambda r: -r[0])
        if os.environ.get("ASSISTANT_DEBUG_RANK"):
            for r in ranked[:8]:
                print(f"    {r[0]:.3f} {r[3]} bonus={unit_bonus(kind, r[2])} focus={focus} {focus_bonus(kind, r[2], focus)} kind={kind}")
        return ranked

    def _value_line(self, kind: str | None, law_id: str, unit: Unit) -> str:
        value = plain_value(kind, unit, law_id)
        if not value:
            return ""
        line = value.text
        if value.missing:
            line += " (" + self._("o valor em reais não sai da lei: %(falta)s", falta=self._(value.missing)) + ")"
        return line

    def _answer_law(self, query: str, jurisdiction: str | None, state: State, *, intent: str, asked: bool, carried: bool = False) -> Reply:
        text = normalize(query)
        if not DOMAIN_RE.search(text):
            return self._on_fora_do_escopo(Understanding("fora_do_escopo", text, reason="fora_do_tema"), state)
        busca = {"tipo": "busca", "url": self.ports.search_url(query, jurisdiction), "rotulo": self._("Ver mais resultados na busca")}
        kind = question_kind(text)
        # Each place's law is searched on its own, so that every place that answers is seen.
        places = [jurisdiction] if jurisdiction else list(PLACES)
        found = {j: self.ports.search(text, j, 8) for j in places}  # slang expanded ("qnto" → "quanto")
        found = {j: hits for j, hits in found.items() if hits and hits[0].score >= 2.0 and any(self._answers(query, h) for h in hits[:3])}
        if not found:
            return Reply(self._("Não encontrei nas leis que conheço um trecho que responda a isso. Tente dizer de outro jeito, ou veja a busca."), intent, acoes=[busca])
        top = max(hits[0].score for hits in found.values())
        ranked = sorted((entry for hits in found.values() for entry in self._rank(query, kind, hits, top)), key=lambda r: -r[0])
        if not ranked or ranked[0][0] < 0.3:
            where = self._(IN_PLACE[jurisdiction]) if jurisdiction else self._("Nas leis que conheço")
            return Reply(self._("%(onde)s não encontrei um trecho que trate especificamente disso. Veja a busca, ou pergunte de outro jeito.", onde=where), intent, acoes=[busca])
        best_score, law_id, unit, label = ranked[0]
        top_j = JURISDICTION_OF_LAW[law_id]
        pergunta = None
        if not asked and not carried:
            # No place named: when another place's law answers too, answer each side by side and ask.
            per_place: dict[str, tuple] = {}
            for entry in ranked:
                j = JURISDICTION_OF_LAW[entry[1]]
                if j not in per_place and entry[0] >= best_score * 0.6:
                    per_place[j] = entry
            if len(per_place) > 1:
                state.pending_query = query
                lines = [self._("A resposta muda conforme o lugar:")]
                citations, acoes = [], []
                for j, (_score, lid, u, lab) in per_place.items():
                    value = self._value_line(kind, lid, u) or self._quote_unit(u, limit=160)
                    lines.append(f"• {self._(IN_PLACE[j])}: {value} ({lab})")
                    citations.append(Cite(lid, u.id))
                    acoes.append({"tipo": "lei", "url": self.ports.unit_url(lid, u.id), "rotulo": lab})
                pergunta = self._place_question(self._("De onde é a sua dúvida? Escolha o lugar para ver o trecho da lei."))
                lines.append(pergunta["texto"])
                return Reply("\n".join(lines), intent, citations=citations, acoes=acoes + [busca], pergunta=pergunta)
        quote = self._quote_unit(unit)
        value = self._value_line(kind, law_id, unit)
        dated = ""
        facts_on = parse_date(text, self.ports.today())
        if facts_on and facts_on < self.ports.today().isoformat():
            # A date of facts: amounts and wording follow the version in force that day.
            version = wording_at(law_id, unit.id, date.fromisoformat(facts_on))
            if version is not None and version.known and not version.current and version.unit is not None:
                quote = self._quote_unit(version.unit)
                value = self._value_line(kind, law_id, version.unit)
                dated = self._("Na data dos fatos (%(data)s) valia a redação anterior, trocada por %(ato)s.", data=date.fromisoformat(facts_on).strftime("%d/%m/%Y"), ato=version.replaced_by or "?")
            elif version is not None and (source := getattr(plain_value(kind, unit, law_id), "source", None)) is not None:
                # Pernambuco's annex names the infraction; the fine of its gravity on that day is in art. 28.
                fine = wording_at(law_id, source.id, date.fromisoformat(facts_on))
                if fine is not None and fine.known and not fine.current and fine.unit is not None:
                    value = self._value_line(kind, law_id, fine.unit)
                    dated = self._("Na data dos fatos (%(data)s) valia a redação anterior, trocada por %(ato)s.", data=date.fromisoformat(facts_on).strftime("%d/%m/%Y"), ato=fine.replaced_by or "?")
            elif version is None:
                dated = self._("Na data dos fatos (%(data)s) este dispositivo ainda não existia.", data=date.fromisoformat(facts_on).strftime("%d/%m/%Y"))
        place_name = self._(IN_PLACE[top_j])
        if carried:
            place_name = self._("%(lugar)s (o lugar da conversa)", lugar=place_name)
        head = f"{place_name}: {value}." if value else ""
        said = self._("%(lugar)s, %(citacao)s diz:", lugar=place_name if not value else self._(IN_PLACE[top_j]), citacao=label)
        text_out = " ".join(p for p in (head, dated, said) if p) + f" “{quote}”"
        citations = [Cite(law_id, unit.id)]
        acoes = [{"tipo": "lei", "url": self.ports.unit_url(law_id, unit.id), "rotulo": label}]
        source = getattr(plain_value(kind, unit, law_id), "source", None)
        if source is not None:  # the fine of Pernambuco's Anexo I gravity, in art. 28
            citations.append(Cite(law_id, source.id))
            acoes.append({"tipo": "lei", "url": self.ports.unit_url(law_id, source.id), "rotulo": resolve(law_id, source.id)[0].citation(source)})
        for other_score, other_law, other, other_label in ranked[1:]:
            if len(citations) >= 3 or other_score < best_score * 0.6:
                break
            if other_law == law_id and other.article is unit.article:
                continue
            if any(c.law == other_law and c.unit.split("/")[0] == other.id.split("/")[0] for c in citations):
                continue
            citations.append(Cite(other_law, other.id))
            acoes.append({"tipo": "lei", "url": self.ports.unit_url(other_law, other.id), "rotulo": other_label})
        if len(citations) > 1:
            text_out += " " + self._("Veja também: %(outros)s.", outros="; ".join(a["rotulo"] for a in acoes[1:]))
        acoes.append(busca)
        if carried:
            state.pending_query = query
            pergunta = self._place_question(self._("Lugar considerado: %(lugar)s, o de que falamos antes. É de outro lugar?", lugar=PLACES[top_j].name))
            text_out += " " + pergunta["texto"]
        elif not asked:
            state.pending_query = query
            pergunta = self._place_question(self._("Lugar considerado: %(lugar)s, a única lei em que achei a resposta. Se a sua dúvida é de outro lugar, escolha:", lugar=PLACES[top_j].name))
            text_out += " " + pergunta["texto"]
        return Reply(text_out, intent, citations=citations, acoes=acoes, pergunta=pergunta)

    @staticmethod
    def key_words(query: str) -> list[str]:
        text = normalize(query)
        key = [w for w in text.split() if len(w) >= 3 and w not in GENERIC_WORDS]
        if re.search(r"\b(em|de) pe\b", text):
            key.append("pe")  # "em pé": standing passengers, not Pernambuco
        return key

    @classmethod
    def _answers(cls, query: str, hit: Hit) -> bool:
        """Does the passage (with the caput it completes) share a telling word of the question?"""
        key = cls.key_words(query)
        if not key:
            return True
        try:
            _law, unit = resolve(hit.law, hit.unit)
            passage = " ".join([unit.text, unit.closing] + [a.text for a in unit.ancestors()] + unit.article.headings)
        except UnknownUnit:
            passage = re.sub(r"<[^>]+>", " ", hit.snippet)
        words = set(normalize(passage).split())
        prefixes = {w[:5] for w in words if len(w) >= 5}
        key = key + [e for w in key for e in KEY_EQUIVALENTS.get(w, ())]
        return any((w in words) or (len(w) >= 5 and w[:5] in prefixes) for w in key)

    @staticmethod
    def _quote_unit(unit: Unit, limit: int = 450) -> str:
        """The words of the law that answer: the unit, introduced by the caput it completes."""
        # The caput a list item completes ("são vedadas as seguintes condutas: … VII - …"); a § stands alone.
        lead = [a for a in unit.ancestors() if a.text.rstrip().endswith(":")] if is_list_item(unit) else []
        own = unit.text.split("\n")[0]
        if unit.closing:
            own = f"{own} {unit.closing}".strip()
        if len(own) > limit:
            own = own[:limit].rsplit(" ", 1)[0] + " …"
        parts = [f"{a.marker} {a.text.split(chr(10))[0]}".strip() for a in lead[-1:]]
        parts.append(f"{unit.marker} {own}".strip())
        return " ".join(parts)
