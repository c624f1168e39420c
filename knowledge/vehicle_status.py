"""Is this vehicle authorised today?  The rules of each place's own law, with the law behind each.

A vehicle is ``regular`` only when the registration its law requires is valid on the
check date and active, the vehicle is active, and the documents *that law* requires
are valid; otherwise it is ``irregular`` with every reason.  An unknown plate is
``nao_encontrado``: an unregistered vehicle may not do the service in any of the places.

Each place registers something different, and says it in its own words
(``knowledge/registry_places.py``): Pernambuco's CRC "terá validade por 1 (um) ano, a
partir da data de sua emissão" (art. 8º); São Paulo's Certificado de Registro, 5 years
(art. 21), knows no suspension among its penalties (art. 34) and admits only M3 buses
and M2/M3 microbuses of less than 15 years at registration (art. 19, VI) and at most 20
in service (art. 22, § 1º); Recife's permissão goes to a person (art. 6º), with "um único
veículo" (art. 3º, § 2º) of at most 6 years of fabrication (art. 17, II); Acre leaves
the conditions of the fretamento registration and its vehicles to the regulation
(arts. 60 to 62 and 66) — its semestral vistoria (art. 36) is a rule of the regular
lines, so it is not applied to fretamento, and the page says so.

A term the registry states is never trusted beyond the law: a CRC issued on 2025-06-01
and recorded as valid to 2027 expires on 2026-06-01 (the anniversary: Código Civil,
art. 132, § 3º, "os prazos de meses e anos expiram no dia de igual número do de início").
Legal numbers (terms, ages, counts) come from knowledge/parameters, on the date checked.
The status also carries each item's state (``itens``), so every detail row a page shows
agrees with the verdict (vencido / suspenso / cassado marked in the row).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .citations import N_, Cite, ac, pe, recife, sp
from .parameters import NotInForce, param
from .registry_places import PROFILES, plus_years

REGULAR, IRREGULAR, NOT_FOUND = "regular", "irregular", "nao_encontrado"


@dataclass
class Reason:
    code: str
    message: str  # Portuguese template
    citations: list[Cite]
    params: dict = field(default_factory=dict)
    # The law requires it, but does not say what follows for the vehicle when it is not met: the
    # passenger's verdict is "a verificar", not "não embarque" (the fleet check says the same).
    doubt: bool = False


@dataclass
class Note:
    """What the law leaves to regulation, or what the portal could not check: said, never guessed."""

    code: str
    message: str
    citations: list[Cite]


@dataclass
class VehicleStatus:
    situacao: str
    motivos: list[Reason]
    # What was checked and found in order, in the place's terms.  Only a regular
    # verdict has one: with any reason, "CRC válido e vistoria em dia" would be false.
    resumo: str = ""
    # Per item ("registro", "vistoria", "seguro", "veiculo"): its state on the check date,
    # for the detail rows (valido | vencido | suspenso | cancelado | nao_exigido | ativo | retirado…)
    # and, for the registration, the last valid day by the law (``ate``).
    itens: dict = field(default_factory=dict)
    notas: list[Note] = field(default_factory=list)


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
        # The Regulamento has no suspension (art. 34): the import refuses it; a registry that
        # still says so is read as "not active", under the registration's own article.
        "crc_suspenso": [sp("art-21"), sp("art-34")],
        "crc_cancelado": [sp("art-34/inc-5"), sp("art-41"), sp("art-42")],
        "vistoria_vencida": [sp("art-27"), sp("art-37/inc-3/ali-b")],
        "seguro_vencido": None,
        "veiculo_retirado": [sp("art-26"), sp("art-37/inc-5/ali-o")],
    },
    "ac": {
        "crc_vencido": [ac("art-61"), ac("art-62")],
        "crc_suspenso": [ac("art-60"), ac("art-75/inc-4/ali-x")],
        "crc_cancelado": [ac("art-60/par-unico"), ac("art-75/inc-4/ali-x")],
        # Art. 36 (vistoria semestral) is in chapter V, the regular lines; fretamento's
        # vehicles are left to the regulation (art. 66): not a reason there (a note instead).
        "vistoria_vencida": None,
        "seguro_vencido": [ac("art-94")],
        "veiculo_retirado": [ac("art-62"), ac("art-75/inc-4/ali-u")],
    },
    "recife": {
        "crc_vencido": [recife("art-21"), recife("anexo-unico/grupo-4/ali-n")],
        # No suspension among the penalties of art. 33 either.
        "crc_suspenso": [recife("art-2"), recife("art-33")],
        "crc_cancelado": [recife("art-33/inc-4"), recife("art-44")],
        # Arts. 16, IV and VII still apply after the first 3 years: art. 17, III keeps "incs. III a X".
        "vistoria_vencida": [recife("art-13/inc-20"), recife("art-16/inc-4"), recife("art-17/inc-3")],
        "seguro_vencido": [recife("art-16/inc-7"), recife("art-17/inc-3"), recife("anexo-unico/grupo-4/ali-f")],
        "veiculo_retirado": [recife("art-13/inc-14"), recife("anexo-unico/grupo-4/ali-p")],
    },
}

# Reasons the law of a place requires without saying what follows for the vehicle (Reason.doubt).
# Pernambuco: the vistorias "deverão observar" a periodicity (art. 11) and are made "a fim de obter a
# Autorização para Tráfego" (art. 9º); neither says the vehicle stops, nor that the authorisation lapses,
# and Anexo I has no infraction for it (knowledge/fleet/pernambuco.py: the same doubt, for the fleet).
DOUBTS: dict[str, set[str]] = {"pe": {"vistoria_vencida"}}

# The reason messages, in each place's words (the registration is a CRC, a Certificado de
# Registro, a registro/autorização or a permissão).  "%(data)s" is the last valid day.
PLACE_MESSAGES: dict[str, dict[str, str]] = {
    "pe": {
        "crc_vencido": N_("O CRC da empresa venceu em %(data)s."),
        "crc_vencido_prazo": N_("O CRC da empresa foi emitido em %(emissao)s e, pelo prazo de validade que a lei conta da emissão, venceu em %(data)s (o cadastro informava validade até %(cadastro)s)."),
        "crc_suspenso": N_("O CRC da empresa está suspenso: ela não pode prestar o serviço enquanto durar a suspensão."),
        "crc_cancelado": N_("O CRC da empresa foi cancelado: ela não pode prestar o serviço."),
        "vistoria_vencida": N_("A vistoria do veículo venceu em %(data)s. A lei manda que as vistorias observem uma periodicidade, mas não diz o que acontece com o veículo de vistoria vencida, nem que a Autorização para Tráfego perde a validade: confirme com a EPTI."),
    },
    "sp": {
        "crc_vencido": N_("O Certificado de Registro da empresa no DER venceu em %(data)s."),
        "crc_vencido_prazo": N_("O Certificado de Registro da empresa foi expedido em %(emissao)s; contado o prazo de validade do Regulamento, venceu em %(data)s (o cadastro informava validade até %(cadastro)s)."),
        "crc_suspenso": N_("O cadastro do DER informa que o registro da empresa não está ativo. O Regulamento de São Paulo não prevê suspensão entre as penalidades: sem registro ativo, a empresa não pode prestar o serviço."),
        "crc_cancelado": N_("O registro da empresa foi cassado: ela não pode prestar o serviço."),
    },
    "ac": {
        "crc_vencido": N_("O registro da empresa no poder concedente venceu em %(data)s."),
        "crc_vencido_prazo": N_("O registro da empresa venceu em %(data)s."),
        "crc_suspenso": N_("A autorização da empresa está suspensa: ela não pode prestar o serviço enquanto durar a suspensão."),
        "crc_cancelado": N_("A autorização da empresa foi cassada: ela não pode prestar o serviço."),
    },
    "recife": {
        "crc_vencido": N_("A permissão do STCP/Recife venceu em %(data)s."),
        "crc_vencido_prazo": N_("A permissão do STCP/Recife venceu em %(data)s."),
        "crc_suspenso": N_("O cadastro informa que a permissão não está ativa. A Lei do STCP/Recife não prevê suspensão entre as penalidades: sem permissão ativa, o serviço não pode ser prestado."),
        "crc_cancelado": N_("A permissão do STCP/Recife foi cassada: o serviço não pode ser prestado."),
    },
}

MESSAGES = {
    "vistoria_vencida": N_("A vistoria do veículo venceu em %(data)s."),
    "seguro_vencido": N_("O seguro do veículo venceu em %(data)s."),
    "veiculo_retirado": N_("O veículo foi retirado da frota autorizada da empresa."),
    "sem_data": N_("O registro não informa a validade de %(item)s."),
    "automovel_nao_admitido": N_("Nesta data a lei de Pernambuco não admitia automóvel no fretamento: o automóvel de 7 lugares só passou a ser aceito, no turístico, com a Lei 17.107/2020."),
    "automovel_capacidade": N_("Em Pernambuco só o automóvel com capacidade para 7 pessoas é admitido; o cadastro informa %(lugares)d lugares."),
    "automovel_fora_do_turismo": N_("Em Pernambuco o automóvel de 7 lugares só é admitido no fretamento turístico, e a empresa não está cadastrada nessa modalidade."),
    "idade_maxima": N_("O veículo tem %(idade)d anos de fabricação; o limite da lei é de %(limite)d anos."),
    "idade_maxima_recife": N_("O veículo tem %(idade)d anos de fabricação; no STCP/Recife a permanência é de até %(limite)d anos de fabricação (regra que vale depois dos %(inicio)d primeiros anos de operação do serviço)."),
    "tipo_nao_admitido_sp": N_("Em São Paulo o fretamento só admite ônibus rodoviário M3 ou micro-ônibus M2 e M3; o cadastro informa um automóvel."),
    "categoria_nao_admitida_sp": N_("Em São Paulo o fretamento só admite ônibus rodoviário M3 ou micro-ônibus M2 e M3; o cadastro informa %(tipo)s da categoria %(categoria)s."),
    "idade_ingresso_sp": N_("O veículo entrou na frota registrada com %(idade)d anos de fabricação; em São Paulo a relação de veículos do registro só admite os de fabricação inferior a %(limite)d anos."),
    "idade_ingresso_recife": N_("O veículo entrou no serviço com %(idade)d anos de fabricação; no STCP/Recife o ingresso é com idade máxima de %(limite)d anos."),
    "permissionario_pessoa_juridica": N_("No STCP/Recife a permissão é delegada somente à pessoa física, e o cadastro informa uma empresa (CNPJ)."),
    "mais_de_um_veiculo": N_("O permissionário tem %(n)d veículos ativos no cadastro; no STCP/Recife cada permissão admite o registro de um único veículo."),
}

ITEM_NAMES = {"crc_vencido": N_("o registro da empresa"), "vistoria_vencida": N_("a vistoria"), "seguro_vencido": N_("o seguro")}

SUMMARY = {
    "pe": N_("A empresa tem CRC válido e ativo, e o veículo está com vistoria e seguro em dia."),
    "sp": N_("A empresa tem Certificado de Registro válido e ativo no DER, o veículo é de categoria admitida, está com a vistoria em dia e dentro do limite de idade. O Regulamento de São Paulo não exige seguro: a validade do seguro aparece só como informação."),
    "ac": N_("A empresa tem registro válido e ativo, e o veículo está registrado e com seguro em dia."),
    "recife": N_("O permissionário tem permissão válida e ativa, com um único veículo, e o veículo está com vistoria e seguro em dia e dentro da idade de permanência."),
}

# What each law leaves to regulation, said on the page instead of a rule the portal would invent.
NOTES: dict[str, list[Note]] = {
    "pe": [],
    "sp": [],
    "ac": [
        Note("ac_regulamento", N_("A Lei 2.731/2013 deixa à regulamentação as condições do registro e da autorização do fretamento e as características dos veículos que podem prestá-lo: o portal confere só o que a lei fixa (registro, autorização e seguro)."),
             [ac("art-60"), ac("art-61"), ac("art-62"), ac("art-66")]),
        Note("ac_vistoria", N_("A vistoria semestral da lei é dos serviços regulares (linhas); para o fretamento, a lei deixa a vistoria à regulamentação. A validade da vistoria do cadastro aparece só como informação."),
             [ac("art-36"), ac("art-66")]),
    ],
    "recife": [
        Note("recife_capacidade", N_("Passada a fase inicial do STCP/Recife, a capacidade de passageiros do veículo é a que o Poder Público Municipal determinar: a lei não fixa um número, e o portal não a confere."),
             [recife("art-17/inc-1"), recife("art-16/inc-1")]),
    ],
}

# An unknown plate says nothing about the place: every place's rule is given (finding 7).
# São Paulo's fine comes from the parameters (art. 37, V), on the date of the check.
NOT_FOUND_MESSAGE = N_(
        "Esta placa não está no cadastro de veículos autorizados. Sem autorização, nenhum dos quatro lugares permite o serviço: "
        "em Pernambuco é preciso o CRC da EPTI (sem ele, infração gravíssima); em São Paulo, a autorização do DER (sem ela, multa de %(pct)d%% do MVR e apreensão); "
        "no Acre é transporte clandestino (multa e apreensão); no Recife, transporte remunerado sem permissão (multa e apreensão). "
        "Se você está num veículo assim, não embarque e denuncie, dizendo onde aconteceu."
)
NOT_FOUND_CITES = (pe("art-4"), pe("art-34"), pe("anexo-i/inc-4/ali-b"), sp("art-37/inc-5/ali-a"), sp("art-40"), ac("art-84"), ac("art-88"), recife("art-44"), recife("art-45"))

_DATE_FIELDS = ("crc_validade", "crc_emissao", "vistoria_validade", "seguro_validade", "ingresso")


def _dates(record: dict) -> dict:
    """ISO strings (as the registry stores them) read as dates; dates and None kept."""
    out = dict(record)
    for key in _DATE_FIELDS:
        value = out.get(key)
        if isinstance(value, str):
            out[key] = date.fromisoformat(value) if value else None
    return out


def registration_end(operator: dict, on: date) -> tuple[date | None, bool]:
    """The last valid day of the registration: the registry's date, never later than the
    law's term counted from the issue date (when the law fixes one and the issue date is
    known).  Second value: True when the law's term cut the registry's date short."""
    operator = _dates(operator)
    stated, issued = operator.get("crc_validade"), operator.get("crc_emissao")
    term_id = PROFILES[operator["jurisdicao"]].term_param
    if issued is None or term_id is None:
        return stated, False
    try:
        term = param(term_id, issued)
    except NotInForce:
        return stated, False
    legal = plus_years(issued, int(term.value))
    if stated is None or legal < stated:
        return legal, stated is not None
    return stated, False


def evaluate(operator: dict, vehicle: dict, on: date) -> VehicleStatus:
    """The status of a registered vehicle on a date, by the law of the operator's place.

    ``operator``: jurisdicao, situacao (ativo|suspenso|cancelado), crc_validade, and
    optionally crc_emissao, modalidades, pessoa (fisica|juridica), veiculos_ativos.
    ``vehicle``: situacao (ativo|retirado), vistoria_validade, seguro_validade, and
    optionally tipo, lugares, ano_fabricacao, categoria (M2|M3), ingresso.
    Dates may be ``date`` or ISO strings.
    """
    jurisdiction = operator.get("jurisdicao")
    if jurisdiction not in CITES:
        raise ValueError(f"unknown place: {jurisdiction!r}")  # never assume one place's law
    operator, vehicle = _dates(operator), _dates(vehicle)
    cites = CITES[jurisdiction]
    words = PLACE_MESSAGES[jurisdiction]
    reasons: list[Reason] = []
    itens: dict[str, dict] = {}

    def add(code: str, message: str | None = None, **params) -> bool:
        citations = cites.get(code)
        if citations is None:
            return False
        message = message or words.get(code) or MESSAGES[code]
        if "data" in params and params["data"] is None:
            message, params = MESSAGES["sem_data"], {"item": ITEM_NAMES[code]}
        reasons.append(Reason(code, message, list(citations), params, doubt=code in DOUBTS.get(jurisdiction, ())))
        return True

    situacao = operator.get("situacao")
    end, cut = registration_end(operator, on)
    registro = {"ate": end, "cadastro": operator.get("crc_validade"), "limite_da_lei": cut, "estado": "valido"}
    if situacao == "cancelado":
        add("crc_cancelado")
        registro["estado"] = "cancelado"
    elif situacao == "suspenso":
        add("crc_suspenso")
        registro["estado"] = "suspenso"
    if end is None or end < on:
        if cut:
            add("crc_vencido", words["crc_vencido_prazo"], data=end, emissao=operator.get("crc_emissao"), cadastro=operator.get("crc_validade"))
        else:
            add("crc_vencido", data=end)
        if registro["estado"] == "valido":
            registro["estado"] = "vencido"
        registro["vencido"] = True
    itens["registro"] = registro
    itens["veiculo"] = {"estado": vehicle.get("situacao") or "ativo"}
    if vehicle.get("situacao") == "retirado":
        add("veiculo_retirado")
    for item, code in (("vistoria", "vistoria_vencida"), ("seguro", "seguro_vencido")):
        until = vehicle.get(f"{item}_validade")
        expired = until is None or until < on
        required = cites.get(code) is not None
        itens[item] = {"ate": until, "estado": ("vencido" if expired else "valido") if required else "nao_exigido", "vencido": expired}
        if expired:
            add(code, data=until)
    reasons += _vehicle_rules(jurisdiction, operator, vehicle, on, itens)
    notes = list(NOTES[jurisdiction])
    if reasons:
        return VehicleStatus(IRREGULAR, reasons, itens=itens, notas=notes)
    return VehicleStatus(REGULAR, reasons, SUMMARY[jurisdiction], itens=itens, notas=notes)


def _age(on: date, ano) -> int | None:
    return on.year - ano if ano else None


def _vehicle_rules(jurisdiction: str, operator: dict, vehicle: dict, on: date, itens: dict) -> list[Reason]:
    """The place's own rules on the vehicle and its holder (type, category, seats, age, one vehicle), on ``on``."""
    rules = {"pe": _pe_rules, "sp": _sp_rules, "recife": _recife_rules}.get(jurisdiction)
    reasons = rules(operator, vehicle, on) if rules else []
    if reasons:
        itens["veiculo"]["nao_admitido"] = True
    return reasons


def _pe_rules(operator: dict, vehicle: dict, on: date) -> list[Reason]:
    reasons: list[Reason] = []
    if vehicle.get("tipo") != "automovel":
        return reasons
    lugares = vehicle.get("lugares")
    try:  # the one automobile the law admits (in turismo) exists from the day its parameter starts (Lei 17.107/2020)
        admitted = param("pe.automovel.lugares", on)
    except NotInForce:
        reasons.append(Reason("automovel_nao_admitido", MESSAGES["automovel_nao_admitido"], [pe("art-3/par-3"), pe("art-3", on)]))
        return reasons
    if lugares is not None and lugares != admitted.value:
        reasons.append(Reason("automovel_capacidade", MESSAGES["automovel_capacidade"], [admitted.cite, pe("art-9/par-2", on)], {"lugares": lugares}))
    modalidades = operator.get("modalidades")
    if modalidades is not None and "turistico" not in modalidades:
        reasons.append(Reason("automovel_fora_do_turismo", MESSAGES["automovel_fora_do_turismo"], [pe("art-3/par-3", on), pe("art-18/par-2", on)]))
    return reasons


# São Paulo, art. 19, VI: "ônibus rodoviários M3 ou micro-ônibus M2 e M3" (CONTRAN's categories).
SP_CATEGORIES = {"onibus": ("M3",), "micro_onibus": ("M2", "M3")}
VEHICLE_TYPE_NAMES = {"onibus": N_("ônibus"), "micro_onibus": N_("micro-ônibus"), "automovel": N_("automóvel")}


def _sp_rules(operator: dict, vehicle: dict, on: date) -> list[Reason]:
    reasons: list[Reason] = []
    tipo, categoria = vehicle.get("tipo"), vehicle.get("categoria")
    try:
        entry = param("sp.veiculo.ingresso.idade_maxima.anos", on)
    except NotInForce:
        entry = None  # the wording before Decreto 61.694/2015 is not in the corpus: not checked
    if entry is not None:
        if tipo == "automovel":
            reasons.append(Reason("tipo_nao_admitido", MESSAGES["tipo_nao_admitido_sp"], [sp("art-19/inc-6", on), sp("art-22", on)]))
        elif tipo in SP_CATEGORIES and categoria and categoria not in SP_CATEGORIES[tipo]:
            reasons.append(Reason("categoria_nao_admitida", MESSAGES["categoria_nao_admitida_sp"], [sp("art-19/inc-6", on)], {"tipo": VEHICLE_TYPE_NAMES[tipo], "categoria": categoria}))
        ingresso, ano = vehicle.get("ingresso"), vehicle.get("ano_fabricacao")
        if ingresso is not None and ano and ingresso.year - ano >= entry.value:
            reasons.append(Reason("idade_ingresso", MESSAGES["idade_ingresso_sp"], [entry.cite.at(on)], {"idade": ingresso.year - ano, "limite": entry.value}))
    idade = _age(on, vehicle.get("ano_fabricacao"))
    if idade is not None:
        try:
            limite = param("sp.veiculo.idade_maxima.anos", on)
        except NotInForce:
            limite = None
        if limite is not None and idade > limite.value:
            reasons.append(Reason("idade_maxima", MESSAGES["idade_maxima"], [limite.cite.at(on)], {"idade": idade, "limite": limite.value}))
    return reasons


def _recife_rules(operator: dict, vehicle: dict, on: date) -> list[Reason]:
    reasons: list[Reason] = []
    if operator.get("pessoa") == "juridica":
        reasons.append(Reason("permissionario_pessoa_juridica", MESSAGES["permissionario_pessoa_juridica"], [recife("art-6", on)]))
    maximo = param("recife.permissao.veiculos.maximo", on)
    ativos = operator.get("veiculos_ativos")
    if ativos is not None and ativos > maximo.value and vehicle.get("situacao") != "retirado":
        reasons.append(Reason("mais_de_um_veiculo", MESSAGES["mais_de_um_veiculo"], [maximo.cite.at(on)], {"n": ativos}))
    ano = vehicle.get("ano_fabricacao")
    ingresso = vehicle.get("ingresso")
    if ingresso is not None and ano:
        entrada = param("recife.veiculo.ingresso.idade_maxima.anos", on)
        if ingresso.year - ano > entrada.value:
            reasons.append(Reason("idade_ingresso", MESSAGES["idade_ingresso_recife"], [entrada.cite.at(on)], {"idade": ingresso.year - ano, "limite": entrada.value}))
    idade = _age(on, ano)
    if idade is not None:
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
        (N_("O serviço é operado pelo próprio permissionário, habilitado para conduzir o veículo."), [recife("art-6/par-1")]),
        (N_("O veículo não pode andar com as portas abertas."), [recife("anexo-unico/grupo-2/ali-n")]),
    ],
}
