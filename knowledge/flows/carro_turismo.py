"""Assistente "Meu carro de 7 lugares pode fazer fretamento turístico?" (Pernambuco).

Lei 16.205/2017, arts. 1º, § 2º; 3º, § 3º; 5º; 9º; 11; 12; 13; 14; 15; 16; 18, § 2º;
21; Anexo I.  The rules apply the wording in force on ``data_referencia``
(default: today): the automobile was only admitted by Lei 17.107/2020 (art. 3º,
§ 3º), and the inspection schedule by vehicle age changed again with Lei
17.406/2021 (art. 11).

The interview is a declared graph (each question's ``next``); each rule the law changed is a
:class:`~knowledge.flows.dated.Dated` rule, one formula per wording; the sentences are in
``carro_turismo.texts.yaml``; the numbers (7 seats, the 20-passenger divide, ages, amounts) are
parameters of ``knowledge/parameters/pe/veiculos.yaml``, with their citation.
"""

from __future__ import annotations

from datetime import date

from ..citations import N_, pe
from ..parameters import param
from ..vigencia import PE_LEI_17107, PE_LEI_17406, PE_ORIGINAL
from .dated import Dated, NotYetLaw, in_force_since
from .engine import Flow, Go, InvalidAnswer, Money, Option, Outcome, Question, Statement
from .texts import Texts

T = Texts("carro_turismo")
ORIGINAL, LEI_17107, LEI_17406 = PE_ORIGINAL, PE_LEI_17107, PE_LEI_17406

TIPOS = (
    Option("automovel", N_("Automóvel (carro)")),
    Option("utilitario", N_("Utilitário (van de passageiros registrada como utilitário)")),
    Option("micro_onibus", N_("Micro-ônibus")),
    Option("onibus", N_("Ônibus")),
)
ONIBUS = ("onibus", "micro_onibus")
# Art. 11, parágrafo único (Lei 17.107/2020): until 31/10/2022, inspection requests were
# accepted for automobiles up to 10 years old (parameters pe.vistoria.automovel.transicao.*).


def _on_or_after(act_id: str):
    """A node condition: the answered date of the facts is on or after the act ``act_id``."""
    start = in_force_since(act_id)
    return lambda a: isinstance(a.get("data_referencia"), date) and a["data_referencia"] >= start


_since_2020 = _on_or_after(LEI_17107)


def _automovel(a: dict) -> bool:
    return a.get("tipo_veiculo") == "automovel"


def _type_admitted(a: dict) -> bool:
    """False for a utilitário: no wording of the law admits it in turismo (art. 3º, § 3º; old art. 11), so
    no answer but the date can change the result and the guide ends after the type and the date (issue #31)."""
    return a.get("tipo_veiculo") != "utilitario"


def _bool(qid: str, text: str, *cites, then: tuple[Go, ...]) -> Question:
    return Question(qid, "bool", text, legal_basis=tuple(cites), next=then)


# -- the graph: each node, its question and its next rule ------------------------------------------
# Only the automobile goes on past the date: this guide is about the 7-seat car.  A utilitário is
# refused there (no wording admits it), an ônibus or micro-ônibus is told what the law asks of it
# instead and where to check it (issue #31: a bus was led on to "Pergunta 2 de 10").  The rules
# below still read buses: the fleet check (knowledge/fleet/pernambuco.py) runs ``decide`` per vehicle.
QUESTIONS = [
    Question("tipo_veiculo", "choice", N_("Que tipo de veículo consta no CRLV?"), options=TIPOS, legal_basis=(pe("art-3/par-3"),),
             next=(Go("data_referencia", lambda a: not _automovel(a), "utilitário, ônibus ou micro-ônibus"), Go("lugares"))),
    Question("lugares", "number", N_("Qual é a capacidade de passageiros no CRLV (lugares)?"), minimum=1, maximum=100,
             legal_basis=(pe("art-3/par-3"), pe("art-9/par-2")), next=(Go("ano_fabricacao"),)),
    Question("ano_fabricacao", "number", N_("Qual é o ano de fabricação?"), minimum=1950, maximum=2100, legal_basis=(pe("art-11"),),
             not_after_this_year=N_("O ano de fabricação não pode ser depois de %(ano)d: confira o ano no CRLV."),
             next=(Go("data_referencia"),)),
    Question(
        "data_referencia", "date", N_("Para qual data quer a resposta?"), required=False, default_today=True,
        help=N_("Deixe em branco para hoje. A lei mudou em 2020 e em 2021; a resposta usa a redação em vigor nesta data."),
        # The date stays on the utilitário's and the bus's paths: what they are told is read in the wording of that day.
        next=(
            Go("nao_admitido", lambda a: not _type_admitted(a), "utilitário"),
            Go("outro_veiculo", lambda a: a.get("tipo_veiculo") in ONIBUS, "ônibus ou micro-ônibus"),
            Go("categoria_aluguel"),
        ),
    ),
    _bool("categoria_aluguel", N_("O veículo está registrado na categoria aluguel (placa de aluguel)?"), pe("art-1/par-2"), pe("art-12"), then=(Go("emplacado_pe"),)),
    _bool("emplacado_pe", N_("O veículo está emplacado em Pernambuco?"), pe("art-16"), then=(Go("empresa_crc"),)),
    _bool("empresa_crc", N_("A empresa (ou MEI) já tem o CRC da EPTI?"), pe("art-4"), then=(Go("cadastur_pe"),)),
    _bool("cadastur_pe", N_("A empresa está registrada no Cadastur em Pernambuco?"), pe("art-3/inc-2"), pe("art-5/par-2"),
          then=(Go("atividade_exclusiva_turismo", _since_2020, "desde a Lei 17.107/2020"), Go("resultado"))),
    _bool("atividade_exclusiva_turismo", N_("A empresa se dedica exclusivamente ao turismo?"), pe("art-5/inc-16"), then=(Go("reboque"),)),
    _bool("reboque", N_("O carro usa reboque ou carroceria acoplada?"), pe("art-12/par-2"), then=(Go("rastreador"),)),
    _bool("rastreador", N_("O veículo tem rastreador ou GPS com consulta online pela EPTI?"), pe("art-14/inc-4"), then=(Go("envelopado"),)),
    _bool("envelopado", N_("O carro está envelopado no modelo da EPTI?"), pe("art-14/inc-3"), then=(Go("resultado"),)),
]


def facts_date(a: dict, today: date) -> date:
    """The date of the facts (the answer, or today), refused before the law was in force."""
    when = a.get("data_referencia") or today
    try:
        ADMISSAO.formula(when)
    except NotYetLaw:
        raise InvalidAnswer("data_referencia", N_("Nesta data a lei deste lugar ainda não estava em vigor (desde %(data)s)."), data=ADMISSAO.periods()[0][0].strftime("%d/%m/%Y")) from None
    if a.get("ano_fabricacao") is not None:
        _age(a, when)  # a car made after the date is refused as soon as the date is given
    return when


def _age(a: dict, when: date) -> int:
    if a["ano_fabricacao"] > when.year:
        raise InvalidAnswer("ano_fabricacao", N_("O ano de fabricação não pode ser depois da data de referência."))
    return when.year - a["ano_fabricacao"]


# -- which vehicles the law admits ------------------------------------------------------------------
ADMISSAO = Dated("admissão", "The units that say which vehicles may do fretamento turístico.")


@ADMISSAO.since(ORIGINAL)
def _admissao_original(a: dict, when: date) -> list:
    # Art. 3º, § 3º (the automobile) did not exist yet: the law spoke only of ônibus and micro-ônibus (old art. 11).
    return [pe("art-3"), pe("art-11", when, previous=True)]


@ADMISSAO.since(LEI_17107)
def _admissao_2020(a: dict, when: date) -> list:
    return [pe("art-3/par-3")]


HEADLINE_CITE = Dated("headline", "The unit the yes/no answer rests on.")
HEADLINE_CITE.since(ORIGINAL)(lambda a, when: pe("art-3/inc-2"))
HEADLINE_CITE.since(LEI_17107)(lambda a, when: pe("art-3/par-3"))

TIPO_NAO_ADMITIDO = Dated("tipo_nao_admitido", "Why a utilitário is refused, in the wording of the day.")
TIPO_NAO_ADMITIDO.since(ORIGINAL)(lambda a, when: T.say("tipo_nao_admitido.original", *ADMISSAO(a, when), data={"corrigivel": False}))
TIPO_NAO_ADMITIDO.since(LEI_17107)(lambda a, when: T.say("tipo_nao_admitido.desde_2020", *ADMISSAO(a, when), data={"corrigivel": False}))


# -- what is missing (pendências), per wording ---------------------------------------------------------
def _fixable(key: str, *cites, **params) -> Statement:
    return T.say(key, *cites, data={"corrigivel": True}, **params)


def _company(a: dict, when: date, categoria_cites: list) -> list[Statement]:
    """The pendências of the company and the vehicle's registration, the same in every wording but for the cites."""
    zero_km = param("pe.emplacamento.zero_km.dias", when)
    found = []
    if not a["categoria_aluguel"]:
        found.append(_fixable("categoria_aluguel", *categoria_cites, pe("art-12")))
    if not a["emplacado_pe"]:
        found.append(_fixable("emplacamento_pe", pe("art-16"), zero_km.cite, dias=zero_km.value))
    if not a["empresa_crc"]:
        found.append(_fixable("crc", pe("art-4")))
    if not a["cadastur_pe"]:
        found.append(_fixable("cadastur", pe("art-3/inc-2"), pe("art-5/par-2")))
    return found


PENDENCIAS = Dated("pendências", "What keeps the vehicle out of turismo, besides the vistoria.")


@PENDENCIAS.since(ORIGINAL)
def _pendencias_original(a: dict, when: date, block: Statement | None) -> list[Statement]:
    tipo = a["tipo_veiculo"]
    found = []
    if tipo == "automovel":
        found.append(T.say("automovel_antes_da_lei", *ADMISSAO(a, when), data={"corrigivel": False}))
    if tipo == "utilitario":
        found.append(TIPO_NAO_ADMITIDO(a, when))
    return found + ([block] if block else []) + _company(a, when, [])


@PENDENCIAS.since(LEI_17107)
def _pendencias_2020(a: dict, when: date, block: Statement | None) -> list[Statement]:
    tipo, found = a["tipo_veiculo"], []
    if tipo == "utilitario":
        found.append(TIPO_NAO_ADMITIDO(a, when))
    lugares = param("pe.automovel.lugares", when)
    if tipo == "automovel" and a["lugares"] != lugares.value:
        found.append(T.say("capacidade", pe("art-3/par-3"), pe("art-9/par-2"), data={"corrigivel": False}, lugares=a["lugares"]))
    found += ([block] if block else []) + _company(a, when, [pe("art-1/par-2")])
    if not a["atividade_exclusiva_turismo"]:
        found.append(_fixable("turismo_exclusivo", pe("art-5/inc-16")))
    if tipo == "automovel" and a.get("reboque"):
        found.append(_fixable("reboque", pe("art-12/par-2")))
    if not a["rastreador"]:
        found.append(_fixable("rastreador", pe("art-14/inc-4"), pe("anexo-i/inc-4/ali-i")))
    if tipo == "automovel" and not a.get("envelopado"):
        found.append(_fixable("envelopamento", pe("art-14/inc-3"), pe("anexo-i/inc-4/ali-j")))
    return found


# -- the vistoria by age: (anual|semestral|None, the rule applied, a blocking pendência) ---------------
VISTORIA = Dated("vistoria", "How often the vehicle is inspected, and whether its age admits it at all.")


@VISTORIA.since(ORIGINAL)
def _vistoria_original(a: dict, when: date, idade: int):
    """By capacity and years since the FIRST REGISTRATION (finding 15): "com menos de 10 anos" annual,
    "com mais de 10 anos" semestral — exactly 10 (or 6) is in neither.  No automobile at all."""
    if a["tipo_veiculo"] not in ONIBUS:
        return None, None, None
    emplacamento = a.get("ano_primeiro_emplacamento") or a["ano_fabricacao"]
    if emplacamento > when.year:
        raise InvalidAnswer("ano_primeiro_emplacamento", N_("O ano do primeiro emplacamento não pode ser depois da data de referência."))
    anos = when.year - emplacamento
    onibus = param("pe.vistoria.onibus.primeiro_emplacamento.anual_menos_de_anos", when)
    micro = param("pe.vistoria.micro_onibus.primeiro_emplacamento.anual_menos_de_anos", when)
    divisoria = param("pe.vistoria.primeiro_emplacamento.lotacao_divisoria.passageiros", when)
    limite_param = onibus if a["lugares"] > divisoria.value else micro
    limite, cite = limite_param.value, pe("art-11", when, previous=True)
    if anos == limite:
        return None, T.say("vistoria_original_omissa", cite, limite_param.cite, limite=limite, anos=anos), None
    return ("anual" if anos < limite else "semestral"), T.say(
        "vistoria_original", cite, onibus.cite, micro.cite, anos=anos, onibus=onibus.value, micro=micro.value,
    ), None


@VISTORIA.since(LEI_17107)
def _vistoria_2020(a: dict, when: date, idade: int):
    """Lei 17.107 wording (13/11/2020 to 22/09/2021): annual only, up to an age (a ceiling of admission)."""
    tipo, cite = a["tipo_veiculo"], pe("art-11", when, previous=True)
    if tipo == "automovel":
        limite = param("pe.vistoria.automovel.anual_ate_anos", when)
        transicao_ate = param("pe.vistoria.automovel.transicao.ate", when)
        transicao_anos = param("pe.vistoria.automovel.transicao.anos", when)
        admitted = idade <= limite.value or (when <= transicao_ate.value and idade <= transicao_anos.value)
        rule = T.say("vistoria_automovel_2020", cite, limite.cite, transicao_anos.cite, limite=limite.value, transicao=transicao_anos.value)
        block = None if admitted else T.say("idade_nao_admitida.automovel", cite, data={"corrigivel": False}, idade=idade)
        return ("anual" if admitted else None), rule, block
    if tipo in ONIBUS:
        limite = param("pe.vistoria.onibus.anual_ate_anos", when)
        admitted = idade <= limite.value
        rule = T.say("vistoria_onibus_2020", cite, limite.cite, limite=limite.value)
        block = None if admitted else T.say("idade_nao_admitida.onibus", cite, data={"corrigivel": False})
        return ("anual" if admitted else None), rule, block
    return None, None, None


@VISTORIA.since(LEI_17406)
def _vistoria_2021(a: dict, when: date, idade: int):
    """Lei 17.406/2021: annual up to an age, semestral after it (no ceiling)."""
    tipo = a["tipo_veiculo"]
    if tipo not in ONIBUS + ("automovel",):
        return None, None, None
    kind, alinea = ("automovel", "ali-b") if tipo == "automovel" else ("onibus", "ali-a")
    limite = param(f"pe.vistoria.{kind}.anual_ate_anos", when)
    periodicidade = "anual" if idade <= limite.value else "semestral"
    cite = pe(f"art-11/{'inc-1' if periodicidade == 'anual' else 'inc-2'}/{alinea}")
    return periodicidade, T.say(f"vistoria_{kind}", cite, idade=idade, periodicidade=periodicidade, limite=limite.value), None


# -- the insurance -----------------------------------------------------------------------------------
def _money(key: str, value) -> Statement:
    statement = T.say(key, value.cite, valor=value.value)
    statement.money = Money(value.value, "BRL", value.value)
    return statement


SEGURO = Dated("seguro", "The minimum insurance cover.")


@SEGURO.since(ORIGINAL)
def _seguro_original(a: dict, when: date) -> list[Statement]:
    """By capacity: above the divide, the ônibus amount; up to it, the micro-ônibus one (old art. 15)."""
    divisoria = param("pe.seguro.lotacao_divisoria.passageiros", when)
    return [_money("seguro_rc", param("pe.seguro.onibus" if a["lugares"] > divisoria.value else "pe.seguro.micro_onibus", when))]


@SEGURO.since(LEI_17107)
def _seguro_2020(a: dict, when: date) -> list[Statement]:
    pid = {"automovel": "pe.seguro.automovel", "onibus": "pe.seguro.onibus"}.get(a["tipo_veiculo"], "pe.seguro.micro_onibus")
    return [_money("seguro_veiculo", param(pid, when))] + [
        _money(key, param(pid, when)) for pid, key in (
            ("pe.seguro.morte", "seguro_morte"), ("pe.seguro.invalidez", "seguro_invalidez"), ("pe.seguro.terceiros", "seguro_terceiros"),
        )
    ]


# -- what the vehicle carries and each trip needs -------------------------------------------------------
EXIGENCIAS = Dated("exigências", "Equipment and the vistoria's documents (art. 9 was rewritten by Lei 17.107/2020).")
_ALWAYS = (("tacografo", ("art-13",)), ("adesivo", ("art-14/inc-1", "art-14/inc-2")))


@EXIGENCIAS.since(ORIGINAL)
def _exigencias_original(a: dict, when: date) -> list[Statement]:
    # Old § 2º: the vistoria asked only for the engineer's report (the review found the 2020 list shown for 2019).
    return [T.say(key, *(pe(u) for u in units)) for key, units in _ALWAYS] + [
        T.say("documentos_vistoria.original", pe("art-9").at(when, previous=True), pe("art-9/par-2").at(when, previous=True)),
    ]


@EXIGENCIAS.since(LEI_17107)
def _exigencias_2020(a: dict, when: date) -> list[Statement]:
    found = [T.say(key, *(pe(u) for u in units)) for key, units in _ALWAYS] + [T.say("documentos_vistoria.desde_2020", pe("art-9/par-1").at(when))]
    if a["tipo_veiculo"] == "automovel":
        locados = param("pe.frota.locados.percentual", when)
        found.append(T.say("sem_limite_locados", pe("art-18/par-2").at(when), locados.cite, pct=locados.value))
    return found


POR_VIAGEM = Dated("por viagem", "What each trip carries (art. 21 was rewritten by Lei 17.107/2020).")


def _trip(when: date, inciso: str, first: Statement) -> list[Statement]:
    """The list of art. 21 for turismo — inciso I (eventual e turístico) originally, inciso IV since 2020."""
    def unit(alinea: str):
        return pe(f"art-21/{inciso}/{alinea}").at(when)

    return [
        first,
        T.say("lista", unit("ali-a"), pe("art-21/par-1").at(when)),
        T.say("roteiro", unit("ali-b"), unit("ali-c")),
        T.say("datas", unit("ali-d"), unit("ali-e")),
    ]


_VEDACOES = ("art-34/inc-1", "art-34/inc-2", "art-34/inc-7")


@POR_VIAGEM.since(ORIGINAL)
def _por_viagem_original(a: dict, when: date) -> list[Statement]:
    return _trip(when, "inc-1", T.say("licenca_cartao", pe("art-21").at(when, previous=True))) + [T.say("vedacoes", *map(pe, _VEDACOES))]


@POR_VIAGEM.since(LEI_17107)
def _por_viagem_2020(a: dict, when: date) -> list[Statement]:
    found = _trip(when, "inc-4", T.say("crc_fusp", pe("art-21").at(when)))
    if a["tipo_veiculo"] == "automovel":
        found.append(T.say("autorizacao_viagem", pe("art-21/inc-4/ali-f")))
    return found + [T.say("vedacoes", *map(pe, _VEDACOES))]


# -- the outcomes -------------------------------------------------------------------------------------
def _headline(a: dict, when: date, pendencias: list[Statement]) -> Statement:
    key = "elegivel" if not pendencias else "corrigivel" if all(p.data.get("corrigivel") for p in pendencias) else "nao"
    return T.say(f"headline.{key}", HEADLINE_CITE(a, when), code="")


def resultado(a: dict, when: date, options: dict | None = None) -> Outcome:
    """The full answer: pendências, the vistoria, the insurance, what the vehicle and each trip carry."""
    idade = _age(a, when)
    periodicidade, vistoria_rule, block = VISTORIA(a, when, idade)
    pendencias = PENDENCIAS(a, when, block)
    rules = [vistoria_rule] if vistoria_rule else []
    seguro, exigencias, por_viagem = SEGURO(a, when), EXIGENCIAS(a, when), POR_VIAGEM(a, when)
    fields = {
        "elegivel": not pendencias, "data_referencia": when, "idade_veiculo": idade, "pendencias": pendencias,
        "vistoria": periodicidade, "seguro_minimo": seguro, "exigencias": exigencias, "por_viagem": por_viagem,
    }
    return Outcome(fields, rules=pendencias + rules + seguro + exigencias + por_viagem, headline=_headline(a, when, pendencias))


def nao_admitido(a: dict, when: date, options: dict | None = None) -> Outcome:
    """The utilitário's result, reached after the type and the date: not admitted, whatever else is true.
    The same sentence and citations as the full result's ``tipo_nao_admitido``."""
    reason = TIPO_NAO_ADMITIDO(a, when)
    fields = {"elegivel": False, "data_referencia": when, "idade_veiculo": None, "pendencias": [reason], "vistoria": None,
              "seguro_minimo": [], "exigencias": [], "por_viagem": []}
    return Outcome(fields, rules=[reason], headline=_headline(a, when, [reason]))


# -- a bus in the car's guide: what the law asks of it instead ----------------------------------------
ONIBUS_ADMITIDO = Dated("ônibus admitido", "The unit that puts the bus in the fretamento, and the automobile beside it only in turismo.")
ONIBUS_ADMITIDO.since(ORIGINAL)(lambda a, when: T.say("outro_veiculo.original", *ADMISSAO(a, when)))
ONIBUS_ADMITIDO.since(LEI_17107)(lambda a, when: T.say("outro_veiculo.desde_2020", *ADMISSAO(a, when)))

VISTORIA_ONIBUS = Dated("vistoria do ônibus", "The inspection rule of art. 11 for ônibus and micro-ônibus, whatever their age.")


@VISTORIA_ONIBUS.since(ORIGINAL)
def _vistoria_onibus_original(a: dict, when: date) -> Statement:
    onibus = param("pe.vistoria.onibus.primeiro_emplacamento.anual_menos_de_anos", when)
    micro = param("pe.vistoria.micro_onibus.primeiro_emplacamento.anual_menos_de_anos", when)
    divisoria = param("pe.vistoria.primeiro_emplacamento.lotacao_divisoria.passageiros", when)
    return T.say("onibus_vistoria.original", pe("art-11", when, previous=True), onibus.cite, micro.cite,
                 onibus=onibus.value, micro=micro.value, lotacao=divisoria.value)


@VISTORIA_ONIBUS.since(LEI_17107)
def _vistoria_onibus_2020(a: dict, when: date) -> Statement:
    limite = param("pe.vistoria.onibus.anual_ate_anos", when)
    return T.say("vistoria_onibus_2020", pe("art-11", when, previous=True), limite.cite, limite=limite.value)


@VISTORIA_ONIBUS.since(LEI_17406)
def _vistoria_onibus_2021(a: dict, when: date) -> Statement:
    limite = param("pe.vistoria.onibus.anual_ate_anos", when)
    return T.say("onibus_vistoria.desde_2021", pe("art-11/inc-1/ali-a"), pe("art-11/inc-2/ali-a"), limite=limite.value)


SEGURO_ONIBUS = Dated("seguro do ônibus", "The minimum cover: by capacity in the original art. 15 (not asked here), by type since 2020.")


@SEGURO_ONIBUS.since(ORIGINAL)
def _seguro_onibus_original(a: dict, when: date) -> list[Statement]:
    divisoria = param("pe.seguro.lotacao_divisoria.passageiros", when)
    onibus, micro = param("pe.seguro.onibus", when), param("pe.seguro.micro_onibus", when)
    return [T.say("onibus_seguro.original", onibus.cite, micro.cite, onibus=onibus.value, micro=micro.value, lotacao=divisoria.value)]


SEGURO_ONIBUS.since(LEI_17107)(lambda a, when: SEGURO(a, when))

# Art. 14, IV (Lei 17.107/2020) asks a tracker of every vehicle; the car's interview asks it, the bus is told it.
RASTREADOR_ONIBUS = Dated("rastreador do ônibus", "The tracker every vehicle carries since Lei 17.107/2020 (none before).")
RASTREADOR_ONIBUS.since(ORIGINAL)(lambda a, when: [])
RASTREADOR_ONIBUS.since(LEI_17107)(lambda a, when: [T.say("rastreador", pe("art-14/inc-4"), pe("anexo-i/inc-4/ali-i"))])


def outro_veiculo(a: dict, when: date, options: dict | None = None) -> Outcome:
    """An ônibus or micro-ônibus, reached after the type and the date: this guide is about the automobile;
    the bus is told the units that admit it, the vistoria and insurance rules for its kind, what every vehicle
    carries and each trip needs, in the wording of that day (its age and capacity are not asked: the fleet check
    takes them, and the page links it)."""
    admitido, vistoria = ONIBUS_ADMITIDO(a, when), VISTORIA_ONIBUS(a, when)
    seguro, por_viagem = SEGURO_ONIBUS(a, when), POR_VIAGEM(a, when)
    exigencias = EXIGENCIAS(a, when) + RASTREADOR_ONIBUS(a, when)
    # what the law asks of a bus first: the chat's summary reads the fields in this order
    fields = {"outro_veiculo": [admitido, vistoria], "elegivel": None, "data_referencia": when, "idade_veiculo": None, "pendencias": [],
              "vistoria": None, "seguro_minimo": seguro, "exigencias": exigencias, "por_viagem": por_viagem}
    headline = T.say("headline.outro_veiculo", HEADLINE_CITE(a, when), code="")
    return Outcome(fields, rules=[admitido, vistoria] + seguro + exigencias + por_viagem, headline=headline)


def decide(a: dict, today: date, options: dict | None = None) -> Outcome:
    """The full result for complete answers (the fleet check runs it per vehicle, utilitários included)."""
    return resultado(a, facts_date(a, today), options)


FLOW = Flow(
    id="carro_turismo",
    title=N_("Meu carro de 7 lugares pode fazer fretamento turístico?"),
    description=N_("Confira se um automóvel (ou outro veículo) pode fazer fretamento turístico em Pernambuco, o que falta, a vistoria e o seguro exigidos."),
    questions=QUESTIONS,
    outcomes={"resultado": resultado, "nao_admitido": nao_admitido, "outro_veiculo": outro_veiculo},
    legal_basis=(pe("art-3/par-3"),),
    facts_date=facts_date,
    facts_field="data_referencia",
)
