"""Is this charter vehicle authorised today?  The rules, with the law behind each.

A vehicle is ``regular`` only when its operator's registration (the CRC in
Pernambuco; the registration, authorisation or permission elsewhere) is valid on
the check date and active, the vehicle is active, and its inspection (vistoria)
and insurance are valid.  Otherwise it is ``irregular`` with every reason.  An
unknown plate is ``nao_encontrado``: an unregistered vehicle may not do charter.

Only what the applicable law requires is checked: São Paulo's Regulamento has no
insurance rule, so an expired policy there is not a reason (it is still shown) and
the verdict does not claim the insurance was checked.  Each place's own vehicle
rules are checked too (finding 5): Pernambuco admits the automobile only with 7
seats and only in turismo (art. 3º, § 3º, since 13/11/2020); São Paulo's fleet has
a 20-year age limit (art. 22, § 1º, since 04/12/2015); Recife's vehicles stay at most
6 years of fabrication (art. 17, II).  An unknown plate is answered for every
place, never in one place's terms (finding 7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .citations import N_, Cite, ac, pe, recife, sp
from .parameters import LEI_17107, NotInForce, param

REGULAR, IRREGULAR, NOT_FOUND = "regular", "irregular", "nao_encontrado"


@dataclass
class Reason:
    code: str
    message: str  # Portuguese template
    citations: list[Cite]
    params: dict = field(default_factory=dict)


@dataclass
class VehicleStatus:
    situacao: str
    motivos: list[Reason]
    # What was checked and found in order, in the place's terms.  Only a regular
    # verdict has one: with any reason, "CRC válido e vistoria em dia" would be false.
    resumo: str = ""


# Per jurisdiction: the citations for each reason code.  None means the law of
# that place does not make it a requirement (so it is not a reason there).
CITES: dict[str, dict[str, list[Cite] | None]] = {
    "pe": {
        "crc_vencido": [pe("art-8"), pe("anexo-i/inc-4/ali-b")],
        "crc_suspenso": [pe("art-23/inc-3"), pe("art-23/par-unico")],
        "crc_cancelado": [pe("art-23/inc-4"), pe("art-23/par-unico")],
        "vistoria_vencida": [pe("art-9"), pe("art-11")],
        "seguro_vencido": [pe("art-15"), pe("art-8"), pe("anexo-i/inc-4/ali-g")],
        "veiculo_retirado": [pe("anexo-i/inc-3/ali-a")],
    },
    "sp": {
        "crc_vencido": [sp("art-21"), sp("art-37/inc-2/ali-d")],
        "crc_suspenso": [sp("art-19"), sp("art-37/inc-5/ali-a")],
        "crc_cancelado": [sp("art-41"), sp("art-42")],
        "vistoria_vencida": [sp("art-27"), sp("art-37/inc-3/ali-b")],
        "seguro_vencido": None,
        "veiculo_retirado": [sp("art-26"), sp("art-37/inc-5/ali-o")],
    },
    "ac": {
        "crc_vencido": [ac("art-61"), ac("art-62")],
        "crc_suspenso": [ac("art-60"), ac("art-75/inc-4/ali-x")],
        "crc_cancelado": [ac("art-60/par-unico"), ac("art-75/inc-4/ali-x")],
        "vistoria_vencida": [ac("art-36"), ac("art-77/inc-1")],
        "seguro_vencido": [ac("art-94")],
        "veiculo_retirado": [ac("art-62"), ac("art-75/inc-4/ali-u")],
    },
    "recife": {
        "crc_vencido": [recife("art-21"), recife("anexo-unico/grupo-4/ali-n")],
        "crc_suspenso": [recife("art-44"), recife("anexo-unico/grupo-4/ali-n")],
        "crc_cancelado": [recife("art-33/inc-4"), recife("art-44")],
        "vistoria_vencida": [recife("art-13/inc-20"), recife("art-16/inc-4")],
        "seguro_vencido": [recife("art-16/inc-7"), recife("anexo-unico/grupo-4/ali-f")],
        "veiculo_retirado": [recife("art-13/inc-14"), recife("anexo-unico/grupo-4/ali-p")],
    },
}

MESSAGES = {
    "crc_vencido": N_("O registro da empresa (CRC) venceu em %(data)s."),
    "crc_suspenso": N_("O registro da empresa (CRC) está suspenso: ela não pode prestar o serviço enquanto durar a suspensão."),
    "crc_cancelado": N_("O registro da empresa (CRC) foi cancelado: ela não pode prestar o serviço."),
    "vistoria_vencida": N_("A vistoria do veículo venceu em %(data)s."),
    "seguro_vencido": N_("O seguro do veículo venceu em %(data)s."),
    "veiculo_retirado": N_("O veículo foi retirado da frota autorizada da empresa."),
    "sem_data": N_("O registro não informa a validade de %(item)s."),
    "automovel_nao_admitido": N_("Nesta data a lei de Pernambuco não admitia automóvel no fretamento: o automóvel de 7 lugares só passou a ser aceito, no turístico, com a Lei 17.107/2020."),
    "automovel_capacidade": N_("Em Pernambuco só o automóvel com capacidade para 7 pessoas é admitido; o cadastro informa %(lugares)d lugares."),
    "automovel_fora_do_turismo": N_("Em Pernambuco o automóvel de 7 lugares só é admitido no fretamento turístico, e a empresa não está cadastrada nessa modalidade."),
    "idade_maxima": N_("O veículo tem %(idade)d anos de fabricação; o limite da lei é de %(limite)d anos."),
    "idade_maxima_recife": N_("O veículo tem %(idade)d anos de fabricação; no STCP/Recife a permanência é de até %(limite)d anos de fabricação (regra do art. 17, que vale depois dos %(inicio)d primeiros anos de operação do serviço)."),
}

SUMMARY = {
    "pe": N_("A empresa tem CRC válido e ativo, e o veículo está com vistoria e seguro em dia."),
    "sp": N_("A empresa tem registro válido e ativo no DER, o veículo está com a vistoria em dia e dentro do limite de idade. O Regulamento de São Paulo não exige seguro: a validade do seguro aparece só como informação."),
    "ac": N_("A empresa tem registro válido e ativo, e o veículo está com vistoria e seguro em dia."),
    "recife": N_("O permissionário tem registro válido e ativo, e o veículo está com vistoria e seguro em dia e dentro da idade de permanência."),
}

ITEM_NAMES = {"crc_vencido": N_("o registro da empresa"), "vistoria_vencida": N_("a vistoria"), "seguro_vencido": N_("o seguro")}

# An unknown plate says nothing about the place: every place's rule is given (finding 7).
# São Paulo's fine comes from the parameters (art. 37, V), on the date of the check.
NOT_FOUND_MESSAGE = N_(
        "Esta placa não está no cadastro de veículos autorizados. Sem autorização, nenhum dos quatro lugares permite o serviço: "
        "em Pernambuco é preciso o CRC da EPTI (sem ele, infração gravíssima); em São Paulo, a autorização do DER (sem ela, multa de %(pct)d%% do MVR e apreensão); "
        "no Acre é transporte clandestino (multa e apreensão); no Recife, transporte remunerado sem permissão (multa e apreensão). "
        "Se você está num veículo assim, não embarque e denuncie, dizendo onde aconteceu."
)
NOT_FOUND_CITES = (pe("art-4"), pe("art-34"), pe("anexo-i/inc-4/ali-b"), sp("art-37/inc-5/ali-a"), sp("art-40"), ac("art-84"), ac("art-88"), recife("art-44"), recife("art-45"))


def evaluate(operator: dict, vehicle: dict, on: date) -> VehicleStatus:
    """The status of a registered vehicle on a date.

    ``operator``: jurisdicao, crc_validade (date|None), situacao (ativo|suspenso|cancelado).
    ``vehicle``: situacao (ativo|retirado), vistoria_validade, seguro_validade (date|None).
    """
    jurisdiction = operator.get("jurisdicao")
    if jurisdiction not in CITES:
        raise ValueError(f"unknown place: {jurisdiction!r}")  # never assume one place's law
    cites = CITES[jurisdiction]
    reasons: list[Reason] = []

    def add(code: str, **params) -> None:
        citations = cites.get(code)
        if citations is None:
            return
        message = MESSAGES[code]
        if "data" in params and params["data"] is None:
            message, params = MESSAGES["sem_data"], {"item": ITEM_NAMES[code]}
        reasons.append(Reason(code, message, list(citations), params))

    situacao = operator.get("situacao")
    if situacao == "cancelado":
        add("crc_cancelado")
    elif situacao == "suspenso":
        add("crc_suspenso")
    crc_validade = operator.get("crc_validade")
    if crc_validade is None or crc_validade < on:
        add("crc_vencido", data=crc_validade)
    if vehicle.get("situacao") == "retirado":
        add("veiculo_retirado")
    vistoria = vehicle.get("vistoria_validade")
    if vistoria is None or vistoria < on:
        add("vistoria_vencida", data=vistoria)
    seguro = vehicle.get("seguro_validade")
    if seguro is None or seguro < on:
        add("seguro_vencido", data=seguro)
    reasons += _vehicle_rules(jurisdiction, operator, vehicle, on)
    if reasons:
        return VehicleStatus(IRREGULAR, reasons)
    return VehicleStatus(REGULAR, reasons, SUMMARY[jurisdiction])


def _vehicle_rules(jurisdiction: str, operator: dict, vehicle: dict, on: date) -> list[Reason]:
    """The place's own rules on the vehicle itself (type, seats, age), on the date ``on``."""
    reasons: list[Reason] = []
    tipo, lugares, ano = vehicle.get("tipo"), vehicle.get("lugares"), vehicle.get("ano_fabricacao")
    idade = on.year - ano if ano else None
    if jurisdiction == "pe" and tipo == "automovel":
        if on < LEI_17107:
            reasons.append(Reason("automovel_nao_admitido", MESSAGES["automovel_nao_admitido"], [pe("art-3/par-3"), pe("art-3", on)]))
        else:
            if lugares is not None and lugares != 7:
                reasons.append(Reason("automovel_capacidade", MESSAGES["automovel_capacidade"], [pe("art-3/par-3", on), pe("art-9/par-2", on)], {"lugares": lugares}))
            modalidades = operator.get("modalidades")
            if modalidades is not None and "turistico" not in modalidades:
                reasons.append(Reason("automovel_fora_do_turismo", MESSAGES["automovel_fora_do_turismo"], [pe("art-3/par-3", on), pe("art-18/par-2", on)]))
    if jurisdiction == "sp" and idade is not None:
        try:
            limite = param("sp.veiculo.idade_maxima.anos", on)
        except NotInForce:
            limite = None  # the wording before Decreto 61.694/2015 is not in the corpus: not checked
        if limite is not None and idade > limite.value:
            reasons.append(Reason("idade_maxima", MESSAGES["idade_maxima"], [limite.cite.at(on)], {"idade": idade, "limite": limite.value}))
    if jurisdiction == "recife" and idade is not None:
        limite = param("recife.veiculo.permanencia.idade_maxima.anos", on)
        if idade > limite.value:
            inicio = param("recife.stcp.fase_inicial.anos", on)
            reasons.append(Reason("idade_maxima", MESSAGES["idade_maxima_recife"], [limite.cite.at(on), inicio.cite], {"idade": idade, "limite": limite.value, "inicio": inicio.value}))
    return reasons


def not_found(on: date) -> VehicleStatus:
    """An unknown plate, checked on ``on``: every place's rule, São Paulo's fine as in force that day."""
    fine = param("sp.multa.grupo5", on)
    return VehicleStatus(NOT_FOUND, [Reason("nao_cadastrado", NOT_FOUND_MESSAGE, [*NOT_FOUND_CITES, fine.cite], {"pct": fine.value})])


def before_boarding_everywhere() -> list[tuple[str, str, list[Cite]]]:
    """(place, text, citations) for every place: the checklist when the place is unknown."""
    return [(place, text, cites) for place, items in BEFORE_BOARDING.items() for text, cites in items]


# What a passenger should check before boarding, drawn from the law.
BEFORE_BOARDING: dict[str, list[tuple[str, list[Cite]]]] = {
    "pe": [
        (N_("Seu nome deve estar na lista de passageiros, com o número do documento com foto (ou você tem o voucher)."), [pe("art-21/inc-1/ali-a"), pe("art-21/par-1")]),
        (N_("Ninguém pode vender passagem individual: o fretamento é contratado por um grupo ou cliente."), [pe("art-34/inc-1")]),
        (N_("O embarque não pode ser em terminal rodoviário."), [pe("art-34/inc-2")]),
        (N_("Todos viajam sentados: passageiro em pé é proibido."), [pe("art-34/inc-7")]),
        (N_("O veículo tem o adesivo da EPTI por fora e, por dentro, as orientações para denúncias."), [pe("art-14/inc-1"), pe("art-14/inc-2")]),
        (N_("Carro de 7 lugares: precisa ser envelopado e levar a autorização da EPTI para a viagem."), [pe("art-14/inc-3"), pe("art-21/inc-4/ali-f")]),
        (N_("A porta não pode ficar aberta com o veículo em movimento."), [pe("anexo-i/inc-4/ali-c")]),
    ],
    "sp": [
        (N_("O fretamento não tem cobrança individual de passagem nem é aberto ao público."), [sp("art-4")]),
        (N_("Todos viajam sentados."), [sp("art-10")]),
        (N_("O veículo leva a palavra “fretamento” e o número de registro no DER nas laterais."), [sp("art-24/par-unico/item-1/ali-e")]),
        (N_("Dentro do veículo há o documento de vistoria e o telefone do DER para reclamações."), [sp("art-28"), sp("art-24/par-unico/item-2/ali-a")]),
    ],
    "ac": [
        (N_("No fretamento só se transportam passageiros sentados."), [ac("art-62/par-5")]),
        (N_("Não pode haver venda de passagem nem cobrança por passageiro, nem embarque em terminal rodoviário."), [ac("art-86"), ac("art-85/par-unico/inc-1"), ac("art-85/par-unico/inc-4")]),
        (N_("O veículo deve ter letreiro indicativo do fretamento na parte externa."), [ac("art-62/par-3")]),
    ],
    "recife": [
        (N_("Só circulam veículos cadastrados, com a permissão do STCP válida."), [recife("art-13/inc-14"), recife("anexo-unico/grupo-4/ali-n")]),
        (N_("Os passageiros viajam acomodados em assento."), [recife("art-16/inc-1")]),
        (N_("O veículo não pode andar com as portas abertas."), [recife("anexo-unico/grupo-2/ali-n")]),
    ],
}
