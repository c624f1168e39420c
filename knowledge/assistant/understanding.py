"""What does the person want?  Deterministic rules over the normalized message.

The result is an :class:`Understanding`: an intent plus the slots the message
already carries (plates, jurisdiction, occurrences, answers for a wizard).  The
order of the checks is the priority: starting over, a plate, an answer to the
question being asked, small talk, out of scope, a wizard situation, a complaint,
and otherwise a question about the law.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..reader.lexicon import lexicon, vocabulary
from ..modalities import MODALITY_IDS
from ..places import PLACES
from ..plates import find_plates
from .conditions import manufacture_year
from .text import has_phrase, has_word, normalize

# How people name a place besides its name (knowledge/places.py): adjective, agency, cities.
PLACE_ALIASES = vocabulary("place_aliases")
PAULISTA = vocabulary("sp_adjective_also_pe_town")
JURISDICTION_WORDS = {pid: (normalize(place.name), *PLACE_ALIASES[pid]) for pid, place in PLACES.items()}
OTHER_PLACES = vocabulary("other_places")
LOCALITY_RE = re.compile(r"\b(?:%s) (?:(?:de|do|da|dos|das) )?" % "|".join(map(re.escape, vocabulary("locality_words"))))
CHARTER_WORDS = tuple(vocabulary("charter_words"))
FESTA_AS_DATE_RE = vocabulary("festa_as_date_re")

GREETINGS = vocabulary("greetings")
THANKS = vocabulary("thanks")
HELP = vocabulary("help")
# "o que você faz / sabe / responde", "o que eu posso perguntar": asking about the assistant itself.
HELP_RE = re.compile(vocabulary("help_re"))
RESTART = vocabulary("restart")
CANCEL = vocabulary("cancel")

QUESTION_STARTS = vocabulary("question_starts")
NARRATIVE = vocabulary("narrative")
COMPLAINT_WORDS = vocabulary("complaint_words")

OCCURRENCE_PATTERNS: dict[str, tuple[str, ...]] = vocabulary("occurrence_patterns")

# Safety or conduct facts no infraction of the four laws names: still a report (occurrence "outro").
UNNAMED_REPORTS: dict[str, tuple[str, ...]] = vocabulary("unnamed_reports")


def report_topics(text: str) -> list[str]:
    return [topic for topic, patterns in UNNAMED_REPORTS.items() if any(re.search(p, text) for p in patterns)]


# A vehicle seized, retained or removed: the seized-vehicle wizard.
SEIZURE_PATTERNS = vocabulary("seizure_patterns")
FIRST_PERSON = vocabulary("first_person")
# A seizure that happened (apreenderam, guincharam …): the person needs the wizard, not a statute.
EVENT_VERBS = r"\b(apreenderam|guincharam|retiveram|prenderam|levaram|seguraram|removeram|rebocaram|recolheram|pegaram)\b"
# Modality ids a message may name (knowledge/modalities.py); "alunos" is an everyday word, not a sign of this question.
MODALITY_NAMES = tuple(m for m in MODALITY_IDS if m != "alunos")
VEHICLE_WORDS = vocabulary("vehicle_words")


@dataclass
class Understanding:
    intent: str  # recomecar | cancelar | placa | wizard_resposta | saudacao | agradecimento | ajuda | fora_do_escopo | wizard | denuncia | jurisdicao | lei
    text: str  # normalized message
    plates: list[str] = field(default_factory=list)
    jurisdiction: str | None = None
    flow: str | None = None
    occurrences: list[str] = field(default_factory=list)
    prefill: dict = field(default_factory=dict)
    reason: str = ""  # why out of scope
    topics: list[str] = field(default_factory=list)  # reported facts no infraction names ("cinto")


# São Paulo's DER named as a body ("multa do DER", "pelo DER"), not the verb ("e se der número quebrado").
DER_RE = re.compile(vocabulary("der_re"))


def jurisdiction_in(text: str) -> str | None:
    text = LOCALITY_RE.sub(lambda m: m.group(0).replace(" ", "_"), text)  # "jardim sao paulo": a street's, not the state's
    found = [j for j, words in JURISDICTION_WORDS.items() if has_phrase(text, *words)]
    if "sp" not in found and DER_RE.search(text):
        found.append("sp")
    recife_service = has_phrase(text, *PLACE_ALIASES["recife"])  # the complementary service named ("complementar", "opcional")
    if "recife" in found and len(found) > 1 and not recife_service:
        found.remove("recife")  # "de Recife a Caruaru" in Pernambuco is about the state law
    if "pe" in found and "sp" in found and not has_phrase(text, normalize(PLACES["sp"].name), *(w for w in PLACE_ALIASES["sp"] if w != PAULISTA)) and not DER_RE.search(text):
        found.remove("sp")  # "de Igarassu pra Paulista": the Pernambuco town, not São Paulo's adjective
    if found == ["pe", "recife"] and recife_service and not has_phrase(text, "pernambuco", "pernambucano", "epti"):
        return "recife"  # "a van do complementar do Recife até Olinda": Recife's service, a Pernambuco town its destination
    if found == ["recife"] and has_phrase(text, *CHARTER_WORDS) and not recife_service:
        return "pe"  # a charter trip to or from Recife: the state's law (Recife's is its complementary transport only)
    return found[0] if len(found) == 1 else ("pe" if found == ["pe", "recife"] else None)


def occurrences_in(text: str) -> list[str]:
    found = [code for code, patterns in OCCURRENCE_PATTERNS.items() if any(re.search(p, text) for p in patterns)]
    if report_topics(text) and "outro" not in found:
        found.append("outro")
    return found


QUESTION_WORDS = vocabulary("question_words")


def is_question(raw: str, text: str) -> bool:
    first = text.split()[:5]
    return (
        raw.strip().endswith("?")
        or bool(re.search(r"\?\s*(\(?[\w\s]{0,20}\)?\s*)$", raw or ""))  # "… pode mandar ele descer? (acre)"
        or text.startswith(QUESTION_STARTS)
        or any(w in QUESTION_WORDS for w in first)
        or has_phrase(text, "e permitido", "e proibido", "pode ser", "e legal")
    )


def _is_narrative(text: str) -> bool:
    """Telling what happens or happened (gerunds, past tense, deictics), not asking a rule."""
    return any(has_phrase(text, w) for w in NARRATIVE) or bool(re.search(r"\b\w{3,}(ando|endo|indo|ou|aram|eram|iram)\b", text)) or has_phrase(text, "tem uma", "tem um")


def wizard_in(text: str, words: list[str]) -> str | None:
    first_person = any(has_phrase(text, w) for w in FIRST_PERSON)
    if has_word(words, "crc", "certificado") or has_phrase(text, "registro na epti", "cadastro na epti", "me cadastrar", "cadastrar na epti", "cadastro da empresa"):
        if has_word(words, "documento*", "documentacao", "papeis", "papelada", "certidao*", "requisito*") or re.search(r"\b(como|o que)\b.*\b(tir|obt|consig|consegu|pedi|precis)\w*", text):
            return "documentos_crc"
    if (has_word(words, "carro", "automovel", "spin", "minivan", "suv", "carros") or has_phrase(text, "7 lugares", "sete lugares")
            or (first_person and has_word(words, "veiculo", "veiculos", "onibus", "van", "micro"))) and (
        has_phrase(text, "7 lugares", "sete lugares", "7 pessoas", "7 lugar") or has_word(words, "turismo", "turistico", "turistic*", "passeio*", "turista", "turistas")
    ) and (first_person or is_question("", text) or "pode" in words or "serve" in words or has_phrase(text, "da para")):
        return "carro_turismo"
    if has_word(words, "modalidade*", "modalidades") and (first_person or has_phrase(text, "qual e a", "qual a", "em qual")):
        return "modalidade"
    if sum(1 for m in MODALITY_NAMES if m in words) >= 2 and (first_person or has_phrase(text, "nao sei")):
        return "modalidade"
    if re.search(r"\b(que|qual|quais) ((tipo|tipos|especie|modalidade) (de|do) )?(fretamento|fretado|frete)\b", text) and first_person:
        return "modalidade"
    if any(re.search(p, text) for p in SEIZURE_PATTERNS) and (first_person or re.search(EVENT_VERBS, text)):
        return "veiculo_apreendido"
    return None


def prefill(flow: str, text: str, words: list[str]) -> dict:
    """Answers the first message already gives (only values the flow accepts)."""
    answers: dict = {}
    jurisdiction = jurisdiction_in(text)
    if flow == "veiculo_apreendido":
        if jurisdiction:
            answers["jurisdicao"] = jurisdiction
        if re.search(r"apreend|apreensao|patio|deposito", text):
            answers["medida"] = "apreensao"
        elif re.search(r"guinch|\bremov|rebocad", text):
            answers["medida"] = "remocao"
        elif re.search(r"\bretid|retencao|retiveram|seguraram", text):
            answers["medida"] = "retencao"
    elif flow == "modalidade":
        if jurisdiction in ("pe", "recife"):
            answers["jurisdicao"] = "pe"
        elif jurisdiction == "sp":
            answers["jurisdicao"] = "sp"
    elif flow == "carro_turismo":
        if has_word(words, "carro", "automovel", "spin", "minivan", "suv"):
            answers["tipo_veiculo"] = "automovel"
        match = re.search(r"\b(\d{1,2}|sete) (lugares|pessoas|assentos)", text)
        if match:
            answers["lugares"] = "7" if match.group(1) == "sete" else match.group(1)
        if year := manufacture_year(text):
            answers["ano_fabricacao"] = str(year)  # "carro de 7 lugares ano 2016", "fabricado em 2019"
    return answers


def out_of_scope(text: str, words: list[str]) -> str | None:
    if has_word(words, "antt") or has_phrase(text, "interestadual", "interestaduais"):
        return "interestadual"
    if has_phrase(text, "outro estado", "outros estados", "entre estados") and not jurisdiction_in(text):
        # "um ônibus emplacado em outro estado" in a question about Pernambuco's law is that law's question
        return "interestadual"
    if (has_word(words, "cnh", "habilitacao") or has_phrase(text, "carteira de motorista", "carteira de habilitacao")) and has_word(words, "renov*", "tirar", "vencid*", "perdi", "suspens*", "pontos") \
            and not has_word(words, "categoria", "crc", "epti", "ageac", "der", "fretamento", "fretado", "cadastro", "registro", "autorizacao"):
        # The category of licence the charter law asks of drivers (PE art. 5º, X) is the law's question.
        return "transito"
    if has_word(words, "uber", "blablacar", "aplicativo", "aplicativos", "indrive", "cabify") or has_phrase(text, "99 pop", "app de transporte", "de aplicativo"):
        return "aplicativo"
    if has_word(words, "aviao", "voo", "aerea", "aereo", "aeroporto", "metro", "trem", "navio", "barco", "balsa", "onibus urbano") and not has_word(words, "fretamento", "fretado"):
        return "outro_modal"
    if has_word(words, "taxi", "taxista", "taxis") and not (jurisdiction_in(text) == "ac" or has_phrase(text, "outra cidade", "intermunicipal", "outro municipio")):
        return "taxi"
    if any(has_phrase(text, place) and not _a_festas_date(text, place) for place in OTHER_PLACES) and not jurisdiction_in(text):
        return "outro_estado"
    return None


def _a_festas_date(text: str, name: str) -> bool:
    """"no natal de 2019": the festival (a date of the facts), not the city of Natal."""
    return name in lexicon()["festas"] and re.search(FESTA_AS_DATE_RE.replace("{festa}", re.escape(name)), text) is not None


# The words around a place in a follow-up that only changes the place: "e em São Paulo?", "e aqui no
# Recife, como fica?", "e pra SP". Anything else in the message makes it a question of its own.
FOLLOW_UP_FILLERS = frozenset(
    "e em no na nos nas pra para o a os as ai aqui la como fica ficaria seria sobre de do da caso se for mas "
    "tambem ja entao lei mesma mesmo coisa isso estado cidade municipio capital agora".split()
)


# A short message that completes the question just answered: "e se foi pra socorrer um ônibus
# quebrado?", "e pra micro-ônibus?", "e quem julga?", "mas e se for a segunda vez?".
FOLLOW_UP_RE = re.compile(vocabulary("follow_up_re"))
FOLLOW_UP_WORDS = 10
# A longer one completes it too when it names nothing of passenger transport on its own ("e depois que
# ela chegar, quanto tempo tenho pra me defender?"): without the question before, it means nothing.
FOLLOW_UP_WORDS_UNMOORED = 20


# "e grupo 4?", "e gravíssima?", "e van?": "e" and a few words only name what replaces a thing of the
# question before.
SHORT_FOLLOW_UP_WORDS = 4


def completes_the_last_question(text: str, *, about_transport: bool = True) -> bool:
    """``about_transport``: whether the message alone speaks of passenger transport (law.DOMAIN_RE)."""
    limit = FOLLOW_UP_WORDS if about_transport else FOLLOW_UP_WORDS_UNMOORED
    words = text.split()
    if len(words) <= SHORT_FOLLOW_UP_WORDS and words[:1] == ["e"] and len(words) > 1:
        return True
    return bool(FOLLOW_UP_RE.search(text)) and len(words) <= limit


# Things a follow-up names in place of one of the question before ("e pra micro-ônibus?" after a question
# on buses, "e se for cassação?" after one on suspension): the earlier one is dropped from the question
# carried over, else its words outweigh the follow-up's.  Normalised words; a phrase is listed before
# the word it contains.
CONTRASTS: tuple[tuple[str, ...], ...] = vocabulary("contrasts")


def carried_over(last_query: str, follow_up: str) -> str:
    """The question before, without what the follow-up names in its place (its words, normalised)."""
    before, after = f" {normalize(last_query)} ", f" {normalize(follow_up)} "
    for group in CONTRASTS:
        named, rest = set(), after
        for term in group:  # "micro onibus" is named, not "onibus" inside it
            if f" {term} " in rest:
                named.add(term)
                rest = rest.replace(f" {term} ", " ")
        if not named:
            continue
        for term in group:
            if term not in named:
                before = before.replace(f" {term} ", " ")
    return " ".join(before.split())


def without_other_places(text: str, place: str) -> str:
    """The question before, asked again for ``place`` ("quanto vale o CRC em Pernambuco?" — "e em São
    Paulo?"), without the names of the other places (normalised): searched with them, São Paulo's law was
    searched for "Pernambuco" too, and the search link said so.  Names of three letters or fewer ("pe",
    "sp") stay: "em pe" is also standing passengers."""
    rest = f" {normalize(text)} "
    for pid, words in JURISDICTION_WORDS.items():
        if pid == place:
            continue
        for phrase in sorted((w for w in words if len(w) > 3), key=len, reverse=True):
            rest = re.sub(rf"(?<= )(?:(?:em|no|na|de|do|da|pra|para) )?{re.escape(phrase)}(?= )", " ", rest)
    return " ".join(rest.split())


def only_a_place(text: str) -> bool:
    """Is the message a place and nothing else but the words of "and in …?"?"""
    rest = f" {text} "
    for words in JURISDICTION_WORDS.values():
        for phrase in sorted(words, key=len, reverse=True):
            rest = re.sub(rf"(?<= ){re.escape(phrase)}(?= )", " ", rest)
    return bool(text.strip()) and all(w in FOLLOW_UP_FILLERS for w in rest.split())


# A question this long, asked in the middle of a wizard, is a question of its own, not an answer.
NEW_QUESTION_WORDS = 8


def understand(message: str, *, in_wizard: bool, awaiting_jurisdiction: bool, answer_parses: bool) -> Understanding:
    """Classify a message; the dialogue tells whether a wizard answer or a jurisdiction is awaited."""
    text = normalize(message)
    words = text.split()
    u = Understanding(intent="lei", text=text, jurisdiction=jurisdiction_in(text))
    if u.jurisdiction is None and re.search(r"\bPE\b", message or ""):
        u.jurisdiction = "pe"  # "em PE" in capitals is the state; "em pé" (standing) is written in lower case
    if u.jurisdiction is None and re.search(r"\bDER\b", message or ""):
        u.jurisdiction = "sp"  # "DER" in capitals is São Paulo's body; "se der" is the verb
    if awaiting_jurisdiction and text in PLACE_ALIASES:
        # A place button answers with the place's id ("pe"): a place, not "em pé".
        u.intent, u.jurisdiction = "jurisdicao", text
        return u
    if any(has_phrase(text, w) for w in RESTART) and len(words) <= 5:
        # "recomeçar", "nova conversa": a command, said in a few words ("o prazo volta a contar do zero?" is a question)
        u.intent = "recomecar"
        return u
    u.plates = find_plates(message)
    if u.plates:
        u.intent = "placa"
        u.occurrences = occurrences_in(text)
        return u
    if in_wizard and any(has_phrase(text, w) for w in CANCEL) and len(words) <= 4:
        u.intent = "cancelar"
        return u
    if in_wizard and answer_parses and not (is_question(message, text) and len(words) >= NEW_QUESTION_WORDS):
        # "Pernambuco" answers "Onde aconteceu?"; "em pernambuco, se me pegarem de novo, a multa muda?" is a
        # new question that happens to name a place.
        u.intent = "wizard_resposta"
        return u
    if in_wizard:
        # Not an answer: switch only for a clearly different request, else ask again.
        reason = out_of_scope(text, words)
        flow = wizard_in(text, words)
        u.occurrences = occurrences_in(text)
        if reason:
            u.intent, u.reason = "fora_do_escopo", reason
        elif flow:
            u.intent, u.flow, u.prefill = "wizard", flow, prefill(flow, text, words)
        elif any(has_phrase(text, w) for w in COMPLAINT_WORDS) or (u.occurrences and _is_narrative(text) and not is_question(message, text)):
            u.intent = "denuncia"
        elif is_question(message, text) and len(words) >= 4:
            u.intent = "lei"
        elif len(words) >= NEW_QUESTION_WORDS and _is_narrative(text):
            u.intent = "lei"  # a story told instead of an answer: a report of its own (dialogue._report reads it)
        else:
            u.intent = "wizard_repergunta"
        return u
    # A place given after "de onde é a sua dúvida?" — unless the message is a new situation or report.
    if awaiting_jurisdiction and u.jurisdiction and len(words) <= 5 and not wizard_in(text, words) and not occurrences_in(text):
        u.intent = "jurisdicao"
        return u
    if u.jurisdiction and len(words) <= 8 and only_a_place(text):
        # "e em São Paulo?": the question just answered, asked again for that place (or, with none, the
        # place is kept for the next question).
        u.intent = "jurisdicao"
        return u
    short = len(words) <= 6
    if short and any(has_phrase(text, w) for w in THANKS) and not is_question(message, text):
        u.intent = "agradecimento"
        return u
    if short and (any(has_phrase(text, w) for w in HELP) or HELP_RE.search(text) or text in ("?", "")):
        u.intent = "ajuda"
        return u
    if len(words) <= 4 and any(text == g or text.startswith(g + " ") for g in GREETINGS):
        u.intent = "saudacao"
        return u
    reason = out_of_scope(text, words)
    if reason:
        u.intent, u.reason = "fora_do_escopo", reason
        return u
    flow = wizard_in(text, words)
    if flow:
        u.intent, u.flow = "wizard", flow
        u.prefill = prefill(flow, text, words)
        return u
    u.occurrences = occurrences_in(text)
    explicit = any(has_phrase(text, w) for w in COMPLAINT_WORDS) and (
        not is_question(message, text)
        or re.search(r"\b(quero|queria|gostaria|como|onde|vou|preciso|posso|da pra)\b( \w+){0,2} (denunciar|denuncio|reclamar|fazer (uma )?(denuncia|reclamacao)|registrar)", text)
    )
    u.topics = report_topics(text)
    # Telling a fact ("o ônibus não tem cinto", "tá lotado") is a report, even with no narrative verb.
    if explicit or (u.occurrences and not is_question(message, text) and (_is_narrative(text) or u.topics)):
        u.intent = "denuncia"
        return u
    if short and any(text.startswith(g) for g in GREETINGS) and len(words) <= 2:
        u.intent = "saudacao"
    return u
