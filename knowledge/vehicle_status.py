"""Is this charter vehicle authorised today?  The rules, with the law behind each.

A vehicle is ``regular`` only when its operator's registration (the CRC in
Pernambuco; the registration, authorisation or permission elsewhere) is valid on
the check date and active, the vehicle is active, and its inspection (vistoria)
and insurance are valid.  Otherwise it is ``irregular`` with every reason.  An
unknown plate is ``nao_encontrado``: an unregistered vehicle may not do charter.

Only what the applicable law requires is checked: São Paulo's Regulamento has no
insurance rule, so an expired policy there is not a reason (it is still shown).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .citations import N_, Cite, ac, pe, recife, sp

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
}

ITEM_NAMES = {"crc_vencido": N_("o registro da empresa"), "vistoria_vencida": N_("a vistoria"), "seguro_vencido": N_("o seguro")}

NOT_FOUND_REASON = Reason(
    "nao_cadastrado",
    N_(
        "Esta placa não está no cadastro de veículos autorizados. Um veículo sem cadastro não pode fazer fretamento: "
        "o serviço só pode ser prestado por quem tem o CRC, e operar sem ele é infração gravíssima. "
        "Se você está num veículo assim, não embarque e denuncie."
    ),
    [pe("art-4"), pe("art-34"), pe("anexo-i/inc-4/ali-b")],
)


def evaluate(operator: dict, vehicle: dict, on: date) -> VehicleStatus:
    """The status of a registered vehicle on a date.

    ``operator``: jurisdicao, crc_validade (date|None), situacao (ativo|suspenso|cancelado).
    ``vehicle``: situacao (ativo|retirado), vistoria_validade, seguro_validade (date|None).
    """
    jurisdiction = operator.get("jurisdicao") or "pe"
    cites = CITES.get(jurisdiction, CITES["pe"])
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
    return VehicleStatus(IRREGULAR if reasons else REGULAR, reasons)


def not_found() -> VehicleStatus:
    return VehicleStatus(NOT_FOUND, [NOT_FOUND_REASON])


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
