"""Assistente "Meu carro de 7 lugares pode fazer fretamento turístico?" (Pernambuco).

Lei 16.205/2017, arts. 1º, § 2º; 3º, § 3º; 5º; 9º; 11; 12; 13; 14; 15; 16; 18, § 2º;
21; Anexo I.  The rules apply the wording in force on ``data_referencia``
(default: today): the automobile was only admitted by Lei 17.107/2020 (art. 3º,
§ 3º), and the inspection schedule by vehicle age changed again with Lei
17.406/2021 (art. 11).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from ..citations import N_, pe
from ..parameters import LEI_17107, LEI_17406, PE_IN_FORCE, param
from .engine import Flow, InvalidAnswer, Money, Option, Outcome, Question, Statement, say

TIPOS = (
    Option("automovel", N_("Automóvel (carro)")),
    Option("utilitario", N_("Utilitário (van de passageiros registrada como utilitário)")),
    Option("micro_onibus", N_("Micro-ônibus")),
    Option("onibus", N_("Ônibus")),
)
AUTOMOVEL_LUGARES = 7
# Art. 11, parágrafo único (Lei 17.107/2020): until 31/10/2022, inspection requests were
# accepted for automobiles up to 10 years old (parameters pe.vistoria.automovel.transicao.*).


def _automovel(a: dict) -> bool:
    return a.get("tipo_veiculo") == "automovel"


def _since_2020(a: dict) -> bool:
    """Is the reference date on or after Lei 17.107/2020?  Its new rules (automobile, exclusive
    tourism, tracker, wrapping, no trailer) are asked about only then."""
    return isinstance(a.get("data_referencia"), date) and a["data_referencia"] >= LEI_17107


def _automovel_since_2020(a: dict) -> bool:
    return _automovel(a) and _since_2020(a)


QUESTIONS = [
    Question("tipo_veiculo", "choice", N_("Que tipo de veículo consta no CRLV?"), options=TIPOS, legal_basis=(pe("art-3/par-3"),)),
    Question("lugares", "number", N_("Qual é a capacidade de passageiros no CRLV (lugares)?"), minimum=1, maximum=100, legal_basis=(pe("art-3/par-3"), pe("art-9/par-2"))),
    Question("ano_fabricacao", "number", N_("Qual é o ano de fabricação?"), minimum=1950, maximum=2100, legal_basis=(pe("art-11"),)),
    Question(
        "data_referencia", "date", N_("Para qual data quer a resposta?"), required=False, default_today=True,
        help=N_("Deixe em branco para hoje. A lei mudou em 2020 e em 2021; a resposta usa a redação em vigor nesta data."),
    ),
    Question(
        "ano_primeiro_emplacamento", "number", N_("Em que ano o veículo foi emplacado pela primeira vez?"), minimum=1950, maximum=2100,
        help=N_("Na redação original da lei (até 12/11/2020) a idade para a vistoria contava do primeiro emplacamento."),
        legal_basis=(pe("art-11"),),
        ask_if=lambda a: a.get("tipo_veiculo") in ("onibus", "micro_onibus") and isinstance(a.get("data_referencia"), date) and a["data_referencia"] < LEI_17107,
    ),
    Question("categoria_aluguel", "bool", N_("O veículo está registrado na categoria aluguel (placa de aluguel)?"), legal_basis=(pe("art-1/par-2"), pe("art-12"))),
    Question("emplacado_pe", "bool", N_("O veículo está emplacado em Pernambuco?"), legal_basis=(pe("art-16"),)),
    Question("empresa_crc", "bool", N_("A empresa (ou MEI) já tem o CRC da EPTI?"), legal_basis=(pe("art-4"),)),
    Question("cadastur_pe", "bool", N_("A empresa está registrada no Cadastur em Pernambuco?"), legal_basis=(pe("art-3/inc-2"), pe("art-5/par-2"))),
    Question("atividade_exclusiva_turismo", "bool", N_("A empresa se dedica exclusivamente ao turismo?"), legal_basis=(pe("art-5/inc-16"),), ask_if=_since_2020),
    Question("reboque", "bool", N_("O carro usa reboque ou carroceria acoplada?"), legal_basis=(pe("art-12/par-2"),), ask_if=_automovel_since_2020),
    Question("rastreador", "bool", N_("O veículo tem rastreador ou GPS com consulta online pela EPTI?"), legal_basis=(pe("art-14/inc-4"),), ask_if=_since_2020),
    Question("envelopado", "bool", N_("O carro está envelopado no modelo da EPTI?"), legal_basis=(pe("art-14/inc-3"),), ask_if=_automovel_since_2020),
]


def _type_admitted(a: dict) -> bool:
    """False for a utilitário: no wording of the law admits it in turismo (art. 3º, § 3º; old art. 11), so
    no answer but the date can change the result and the guide ends after the type and the date (issue #31)."""
    return a.get("tipo_veiculo") != "utilitario"


def _also(first, second):
    return first if second is None else (lambda a: first(a) and second(a))


# The date stays: the reason a utilitário is refused is read in the wording of that day.
QUESTIONS = [q if q.id in ("tipo_veiculo", "data_referencia") else replace(q, ask_if=_also(_type_admitted, q.ask_if)) for q in QUESTIONS]


def _age(a: dict, when: date) -> int:
    if a["ano_fabricacao"] > when.year:
        raise InvalidAnswer("ano_fabricacao", N_("O ano de fabricação não pode ser depois da data de referência."))
    return when.year - a["ano_fabricacao"]


def _vistoria(a: dict, when: date, idade: int) -> tuple[str | None, Statement | None, Statement | None]:
    """(anual|semestral|None, the rule applied, a blocking pendência if the vehicle is not admitted)."""
    tipo = a["tipo_veiculo"]
    if tipo == "automovel":
        if when < LEI_17107:
            return None, None, None  # not admitted at all: see the "automovel_antes_da_lei" pendência
        limite = param("pe.vistoria.automovel.anual_ate_anos", when)
        if when >= LEI_17406:
            periodicidade = "anual" if idade <= limite.value else "semestral"
            cite = pe("art-11/inc-1/ali-b") if periodicidade == "anual" else pe("art-11/inc-2/ali-b")
            return periodicidade, say(
                N_("Automóvel de 7 lugares com %(idade)d anos de fabricação: vistoria %(periodicidade)s (anual até %(limite)d anos, semestral depois)."),
                cite, code="vistoria_automovel", idade=idade, periodicidade=periodicidade, limite=limite.value,
            ), None
        # Lei 17.107 wording (13/11/2020 to 22/09/2021): annual only, up to 5 years (10 during the transition).
        transicao_ate = param("pe.vistoria.automovel.transicao.ate", when)
        transicao_anos = param("pe.vistoria.automovel.transicao.anos", when)
        admitted = idade <= limite.value or (when <= transicao_ate.value and idade <= transicao_anos.value)
        rule = say(
            N_("Na redação da Lei 17.107/2020, em vigor nesta data, a vistoria era anual e só admitida para automóvel com até %(limite)d anos (até %(transicao)d anos na transição)."),
            pe("art-11", when, previous=True), limite.cite, transicao_anos.cite, code="vistoria_automovel_2020", limite=limite.value, transicao=transicao_anos.value,
        )
        block = None if admitted else say(
            N_("Nesta data a lei não admitia vistoria de automóvel com %(idade)d anos de fabricação."), pe("art-11", when, previous=True), code="idade_nao_admitida", data={"corrigivel": False}, idade=idade,
        )
        return ("anual" if admitted else None), rule, block
    if tipo in ("onibus", "micro_onibus"):
        if when >= LEI_17406:
            limite = param("pe.vistoria.onibus.anual_ate_anos", when)
            periodicidade = "anual" if idade <= limite.value else "semestral"
            cite = pe("art-11/inc-1/ali-a") if periodicidade == "anual" else pe("art-11/inc-2/ali-a")
            return periodicidade, say(
                N_("Ônibus e micro-ônibus com %(idade)d anos de fabricação: vistoria %(periodicidade)s (anual até %(limite)d anos, semestral depois)."),
                cite, code="vistoria_onibus", idade=idade, periodicidade=periodicidade, limite=limite.value,
            ), None
        if when >= LEI_17107:
            limite = param("pe.vistoria.onibus.anual_ate_anos", when)
            admitted = idade <= limite.value
            rule = say(N_("Na redação da Lei 17.107/2020 a vistoria era anual e só admitida para ônibus e micro-ônibus com até %(limite)d anos de fabricação: um teto de admissão, não uma periodicidade."), pe("art-11", when, previous=True), limite.cite, code="vistoria_onibus_2020", limite=limite.value)
            block = None if admitted else say(N_("Nesta data a lei não admitia vistoria deste veículo pela idade."), pe("art-11", when, previous=True), code="idade_nao_admitida", data={"corrigivel": False})
            return ("anual" if admitted else None), rule, block
        # Original wording (2018–2020): by capacity and years since the FIRST REGISTRATION (finding 15),
        # "com menos de 10 anos" annual, "com mais de 10 anos" semestral: exactly 10 (or 6) is in neither.
        emplacamento = a.get("ano_primeiro_emplacamento") or a["ano_fabricacao"]
        if emplacamento > when.year:
            raise InvalidAnswer("ano_primeiro_emplacamento", N_("O ano do primeiro emplacamento não pode ser depois da data de referência."))
        anos = when.year - emplacamento
        onibus = param("pe.vistoria.onibus.primeiro_emplacamento.anual_menos_de_anos", when)
        micro = param("pe.vistoria.micro_onibus.primeiro_emplacamento.anual_menos_de_anos", when)
        limite_param = onibus if a["lugares"] > 20 else micro
        limite = limite_param.value
        cite = pe("art-11", when, previous=True)
        if anos == limite:
            return None, say(
                N_("Na redação original da lei, em vigor nesta data, a vistoria era anual com menos de %(limite)d anos do primeiro emplacamento e semestral com mais de %(limite)d; com exatamente %(anos)d anos o veículo não está em nenhum dos dois casos: a lei é omissa, confirme com a EPTI."),
                cite, limite_param.cite, code="vistoria_original_omissa", limite=limite, anos=anos,
            ), None
        periodicidade = "anual" if anos < limite else "semestral"
        return periodicidade, say(
            N_("Na redação original da lei, em vigor nesta data, a vistoria era anual para ônibus com menos de %(onibus)d anos e micro-ônibus com menos de %(micro)d anos do primeiro emplacamento, e semestral depois; este veículo tem %(anos)d anos de emplacamento."),
            cite, onibus.cite, micro.cite, code="vistoria_original", anos=anos, onibus=onibus.value, micro=micro.value,
        ), None
    return None, None, None


def _seguro(a: dict, when: date) -> list[Statement]:
    tipo = a["tipo_veiculo"]
    if when < LEI_17107:
        pid = "pe.seguro.onibus" if a["lugares"] > 20 else "pe.seguro.micro_onibus"
        value = param(pid, when)
        return [_money_statement(N_("Responsabilidade civil com cobertura mínima de %(valor)s."), value, "seguro_rc")]
    pid = {"automovel": "pe.seguro.automovel", "onibus": "pe.seguro.onibus"}.get(tipo, "pe.seguro.micro_onibus")
    base = param(pid, when)
    items = [_money_statement(N_("Cobertura mínima para este tipo de veículo: %(valor)s."), base, "seguro_veiculo")]
    for pid, text, code in (
        ("pe.seguro.morte", N_("Morte: %(valor)s por passageiro."), "seguro_morte"),
        ("pe.seguro.invalidez", N_("Invalidez: %(valor)s por passageiro."), "seguro_invalidez"),
        ("pe.seguro.terceiros", N_("Danos a terceiros: %(valor)s."), "seguro_terceiros"),
    ):
        items.append(_money_statement(text, param(pid, when), code))
    return items


def _money_statement(text: str, value, code: str) -> Statement:
    statement = say(text, value.cite, code=code, valor=value.value)
    statement.money = Money(value.value, "BRL", value.value)
    return statement


def decide(a: dict, today: date, options: dict | None = None) -> Outcome:
    when = a.get("data_referencia") or today
    if when < PE_IN_FORCE:
        raise InvalidAnswer("data_referencia", N_("A Lei 16.205/2017 só passou a valer em 22/02/2018; escolha uma data a partir dela."))
    if not _type_admitted(a):
        return _not_admitted(when)
    idade = _age(a, when)
    pendencias: list[Statement] = []
    rules: list[Statement] = []
    tipo = a["tipo_veiculo"]
    old = when < LEI_17107
    # Art. 3º, § 3º (the 7-seat automobile in turismo) was added by Lei 17.107/2020; before it the
    # law spoke only of ônibus and micro-ônibus (old art. 11, the vistoria of each).
    admission = [pe("art-3"), pe("art-11", when, previous=True)] if old else [pe("art-3/par-3")]

    if tipo == "automovel" and when < LEI_17107:
        pendencias.append(say(
            N_("Até 12/11/2020 a lei não admitia automóvel no fretamento: o carro de 7 lugares só passou a ser aceito no turístico com a Lei 17.107/2020."),
            *admission, code="automovel_antes_da_lei", data={"corrigivel": False},
        ))
    if tipo == "utilitario":
        pendencias.append(say(
            N_("Nesta data a lei só tratava de ônibus e micro-ônibus no fretamento; um utilitário não está entre eles."),
            *admission, code="tipo_nao_admitido", data={"corrigivel": False},
        ) if old else say(
            N_("No fretamento turístico a lei admite ônibus, micro-ônibus e automóvel de 7 lugares; um utilitário não está entre eles."),
            *admission, code="tipo_nao_admitido", data={"corrigivel": False},
        ))
    if tipo == "automovel" and not old and a["lugares"] != AUTOMOVEL_LUGARES:
        pendencias.append(say(
            N_("Só o automóvel com capacidade para 7 pessoas é admitido; o CRLV informa %(lugares)d."),
            pe("art-3/par-3"), pe("art-9/par-2"), code="capacidade", data={"corrigivel": False}, lugares=a["lugares"],
        ))
    periodicidade, vistoria_rule, block = _vistoria(a, when, idade)
    if vistoria_rule:
        rules.append(vistoria_rule)
    if block:
        pendencias.append(block)
    if not a["categoria_aluguel"]:
        pendencias.append(say(N_("O veículo precisa estar registrado na categoria aluguel."), *([] if old else [pe("art-1/par-2")]), pe("art-12"), code="categoria_aluguel", data={"corrigivel": True}))
    if not a["emplacado_pe"]:
        zero_km = param("pe.emplacamento.zero_km.dias", when)
        pendencias.append(say(
            N_("O veículo precisa ser emplacado em Pernambuco (veículo zero km de empresa com matriz em PE: até %(dias)d dias)."),
            pe("art-16"), zero_km.cite, code="emplacamento_pe", data={"corrigivel": True}, dias=zero_km.value,
        ))
    if not a["empresa_crc"]:
        pendencias.append(say(N_("A empresa precisa do Certificado de Registro Cadastral (CRC) da EPTI."), pe("art-4"), code="crc", data={"corrigivel": True}))
    if not a["cadastur_pe"]:
        pendencias.append(say(N_("O fretamento turístico exige o registro da empresa no Cadastur em Pernambuco."), pe("art-3/inc-2"), pe("art-5/par-2"), code="cadastur", data={"corrigivel": True}))
    if not old and not a["atividade_exclusiva_turismo"]:
        pendencias.append(say(N_("Quem se cadastra no turístico deve prestar atividade exclusiva de turismo."), pe("art-5/inc-16"), code="turismo_exclusivo", data={"corrigivel": True}))
    if tipo == "automovel" and not old and a.get("reboque"):
        pendencias.append(say(N_("Automóvel de 7 lugares não pode usar reboque nem carroceria acoplada."), pe("art-12/par-2"), code="reboque", data={"corrigivel": True}))
    if not old and not a["rastreador"]:
        pendencias.append(say(
            N_("O veículo precisa de rastreador ou GPS com as informações disponíveis online para a EPTI (viajar sem ele é infração gravíssima)."),
            pe("art-14/inc-4"), pe("anexo-i/inc-4/ali-i"), code="rastreador", data={"corrigivel": True},
        ))
    if tipo == "automovel" and not a.get("envelopado") and when >= LEI_17107:
        pendencias.append(say(
            N_("O automóvel precisa ser envelopado no modelo fornecido pela EPTI (a falta é infração gravíssima)."),
            pe("art-14/inc-3"), pe("anexo-i/inc-4/ali-j"), code="envelopamento", data={"corrigivel": True},
        ))

    exigencias = [
        say(N_("Tacógrafo aferido pelo Inmetro."), pe("art-13"), code="tacografo"),
        say(N_("Adesivo externo e orientações internas para denúncias no layout da EPTI."), pe("art-14/inc-1"), pe("art-14/inc-2"), code="adesivo"),
    ]
    # Art. 9 and art. 21 were rewritten by Lei 17.107/2020: before it, the vistoria asked only
    # for the engineer's report (old § 2º) and each trip needed the Licença para Realização de
    # Viagem and the Cartão de Autorização (old caput) — the review found the 2020 lists shown for 2019.
    if when >= LEI_17107:
        exigencias.append(say(N_("Na vistoria: laudo técnico de engenheiro mecânico, apólice de seguro, certidão negativa do DETRAN/PE e a Taxa FUSP-LV."), pe("art-9/par-1").at(when), code="documentos_vistoria"))
    else:
        exigencias.append(say(N_("Na vistoria, feita após o pagamento da Taxa FUSP-LV: laudo técnico assinado por engenheiro mecânico ou responsável técnico habilitado."),
                             pe("art-9").at(when, previous=True), pe("art-9/par-2").at(when, previous=True), code="documentos_vistoria"))
    if tipo == "automovel" and when >= LEI_17107:
        locados = param("pe.frota.locados.percentual", when)
        exigencias.append(say(N_("No turístico com automóvel de 7 lugares não se aplica o limite de %(pct)d%% de veículos locados."), pe("art-18/par-2").at(when), locados.cite, code="sem_limite_locados", pct=locados.value))
    por_viagem = [
        say(N_("O CRC e o comprovante da Taxa FUSP-F."), pe("art-21").at(when), code="crc_fusp") if when >= LEI_17107 else
        say(N_("A Licença para Realização de Viagem e o Cartão de Autorização para Tráfego de Veículo."), pe("art-21").at(when, previous=True), code="licenca_cartao"),
    ]
    # The turístico list moved from inciso I (eventual e turístico) to a new inciso IV in 2020.
    inc = "inc-4" if when >= LEI_17107 else "inc-1"

    def trip(unit: str):
        return pe(f"art-21/{inc}/{unit}").at(when)

    por_viagem += [
        say(N_("Relação de passageiros de ida e volta, com nome e número de documento com foto (ou o voucher)."), trip("ali-a"), pe("art-21/par-1").at(when), code="lista"),
        say(N_("Origem, destino e itinerário da viagem."), trip("ali-b"), trip("ali-c"), code="roteiro"),
        say(N_("Dia e horário da partida e do retorno."), trip("ali-d"), trip("ali-e"), code="datas"),
    ]
    if tipo == "automovel" and not old:
        por_viagem.append(say(N_("Para automóvel de 7 lugares, a autorização da EPTI para aquela viagem junto com a lista de passageiros."), pe("art-21/inc-4/ali-f"), code="autorizacao_viagem"))
    por_viagem.append(say(N_("Nada de passagem individual, terminal rodoviário ou passageiro em pé."), pe("art-34/inc-1"), pe("art-34/inc-2"), pe("art-34/inc-7"), code="vedacoes"))

    seguro = _seguro(a, when)
    elegivel = not pendencias
    if elegivel:
        headline = Statement(N_("Sim: com o que você informou, o veículo cumpre o que a lei exige para o fretamento turístico."), [pe("art-3/inc-2") if old else pe("art-3/par-3")])
    elif all(p.data.get("corrigivel") for p in pendencias):
        headline = Statement(N_("Ainda não: há pendências, mas todas podem ser resolvidas."), [pe("art-3/inc-2") if old else pe("art-3/par-3")])
    else:
        headline = Statement(N_("Não: este veículo não pode fazer fretamento turístico."), [pe("art-3/inc-2") if old else pe("art-3/par-3")])
    return Outcome(
        {
            "elegivel": elegivel,
            "data_referencia": when,
            "idade_veiculo": idade,
            "pendencias": pendencias,
            "vistoria": periodicidade,
            "seguro_minimo": seguro,
            "exigencias": exigencias,
            "por_viagem": por_viagem,
        },
        rules=pendencias + rules + seguro + exigencias + por_viagem,
        headline=headline,
    )


def _not_admitted(when: date) -> Outcome:
    """The utilitário's result, reached after the type and the date: not admitted, whatever else is true.
    The same sentences and citations as the full path's ``tipo_nao_admitido`` (see ``decide``)."""
    old = when < LEI_17107
    admission = [pe("art-3"), pe("art-11", when, previous=True)] if old else [pe("art-3/par-3")]
    reason = say(
        N_("Nesta data a lei só tratava de ônibus e micro-ônibus no fretamento; um utilitário não está entre eles."),
        *admission, code="tipo_nao_admitido", data={"corrigivel": False},
    ) if old else say(
        N_("No fretamento turístico a lei admite ônibus, micro-ônibus e automóvel de 7 lugares; um utilitário não está entre eles."),
        *admission, code="tipo_nao_admitido", data={"corrigivel": False},
    )
    headline = Statement(N_("Não: este veículo não pode fazer fretamento turístico."), [pe("art-3/inc-2") if old else pe("art-3/par-3")])
    fields = {"elegivel": False, "data_referencia": when, "idade_veiculo": None, "pendencias": [reason], "vistoria": None,
              "seguro_minimo": [], "exigencias": [], "por_viagem": []}
    return Outcome(fields, rules=[reason], headline=headline)


FLOW = Flow(
    id="carro_turismo",
    title=N_("Meu carro de 7 lugares pode fazer fretamento turístico?"),
    description=N_("Confira se um automóvel (ou outro veículo) pode fazer fretamento turístico em Pernambuco, o que falta, a vistoria e o seguro exigidos."),
    questions=QUESTIONS,
    decide=decide,
    legal_basis=(pe("art-3/par-3"),),
    facts_date=lambda a, today: a.get("data_referencia") or today,
)
