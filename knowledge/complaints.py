"""Complaints: what a passenger can report, which infraction it is, and who receives it.

Each occurrence code maps, per jurisdiction, to the infraction the applicable law
describes *on the date of the facts*, its gravity and its fine — in the unit the
law uses — with citations dated that day.  Where a law has no specific infraction
for an occurrence, the entry says so (``gravidade`` None) instead of inventing one.

- Before a law was in force (Pernambuco 22/02/2018, Acre 21/12/2013, …)
  :func:`classify` raises :class:`~knowledge.parameters.NotInForce`: nothing of it applies.
- Which units each occurrence is, in each dated wording, is the law's structure map
  (``knowledge/statutes/estrutura/<law>.yaml``, read by :mod:`knowledge.structure`), with
  the statute's words for each; where the occurrence is a row of the infraction catalogue
  (:mod:`knowledge.infractions`), its gravity, group and fine are that row's.  Pernambuco
  before 13/11/2020 uses the previous Anexo I (the "Nota: Redação Anterior" block):
  individual tickets were grave (III, f), the open door leve (I, b), standing passengers
  moderada (II, a), an unsafe vehicle grave (III, c).
- A complaint must name its place: :func:`classify` never falls back to one
  place; :func:`classify_everywhere` gives each place's answer when the place is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .citations import N_, Cite, ac, as_of, pe, recife, sp
from .infractions import row as catalogue_row
from .parameters import NotInForce, param
from .places import PLACE_IDS, PLACES
from .structure import Complaint, complaint, fine_rules, in_force_cite_unit, law_map, warning_first

OCCURRENCES: dict[str, str] = {
    "venda_passagem_individual": N_("Venda de passagem individual"),
    "passageiros_em_pe": N_("Passageiros viajando em pé"),
    "terminal_rodoviario": N_("Embarque ou desembarque em terminal rodoviário"),
    "passageiro_fora_da_lista": N_("Passageiro fora da lista de passageiros"),
    "veiculo_inseguro": N_("Veículo em más condições, com risco à segurança"),
    "porta_aberta": N_("Veículo andando com a porta aberta"),
    "sem_autorizacao": N_("Transporte sem autorização (clandestino)"),
    "equipamento_obrigatorio": N_("Sem cinto de segurança ou outro equipamento obrigatório"),
    "outro": N_("Outro problema"),
}

JURISDICTIONS = PLACE_IDS  # a complaint's place: one of knowledge/places.py


@dataclass(frozen=True)
class Regulator:
    sigla: str
    nome: str
    contatos: tuple[str, ...]
    citations: tuple[Cite, ...] = ()


def _regulator(place_id: str, contatos: tuple[str, ...], citations: tuple[Cite, ...], nome: str = "") -> Regulator:
    """The place's agency (knowledge/places.py), named in full as the statute names it when ``nome`` says more."""
    place = PLACES[place_id]
    return Regulator(place.agency_acronym, nome or place.agency_name, contatos, citations)


# Only facts the statutes give (and the national emergency number): no phone
# number or address is invented.  Deployments add real contacts in
# DATA_DIR/orgaos.json (see portal/complaints_service.py).
def _units(place_id: str) -> tuple[Cite, ...]:
    """The units that name the place's regulator, from its law's structure map."""
    return tuple(Cite(law_map(place_id).law_id, ref.unit) for ref in law_map(place_id).regulator)


REGULATORS: dict[str, Regulator] = {
    "pe": _regulator("pe", (
        N_("As orientações para denúncias ficam afixadas dentro de todo veículo de fretamento."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), _units("pe")),
    # The decree names the DER (art. 3º).  The ARTESP is not in the decree: it was created by
    # Lei Complementar estadual nº 914/2002, which is outside this portal's corpus.
    "sp": _regulator("sp", (
        N_("O Decreto 29.912/1989 atribui a fiscalização ao DER. A ARTESP, criada depois pela Lei Complementar estadual nº 914/2002 (fora do acervo deste portal), exerce hoje atribuições sobre o transporte intermunicipal: confirme o canal de denúncia com ela."),
        N_("O telefone do DER para reclamações fica afixado dentro do veículo."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), _units("sp"), nome=N_("Departamento de Estradas de Rodagem — o órgão que o Decreto 29.912/1989 nomeia")),
    "ac": _regulator("ac", (
        N_("A AGEAC aprecia as reclamações dos usuários."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), _units("ac")),
    "recife": _regulator("recife", (
        N_("Leve ao Poder Público Municipal as irregularidades que presenciar."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), _units("recife"), nome=N_("Prefeitura do Recife — fiscalização do STCP/Recife")),
}


@dataclass
class Enquadramento:
    ocorrencia: str
    descricao: str  # Portuguese template
    gravidade: str | None  # as the law names it: "gravíssima", "Grupo 4", "400% do MVR" …
    citations: list[Cite]
    multa: dict | None = None  # {"valor", "unidade", "valor_brl"}
    params: dict = field(default_factory=dict)
    # What the law leaves open or writes two ways: shown, never silently resolved.
    ressalvas: list[str] = field(default_factory=list)
    penalidade: str | None = None  # when it is not a fine: "advertência por escrito"


def _in_force_cite(place_id: str) -> Cite:
    """The unit that fixes when the place's law took effect (vigencia.yaml's basis), as worded that
    day: a previous wording when an amendment rewrote it since (Pernambuco's art. 48)."""
    cite = Cite(*in_force_cite_unit(place_id))
    return cite.at(None, previous=as_of(cite, PLACES[place_id].in_force).previous)


# Where each law says when it took effect.
IN_FORCE_CITES = {place_id: _in_force_cite(place_id) for place_id in PLACE_IDS}


def _pe_fine(pid: str, on: date) -> dict:
    value = param(pid, on)
    return {"valor": value.value, "unidade": "BRL", "valor_brl": value.value, "cite": as_of(value.cite, on)}


def _sp_fine(pid: str, on: date, per_passenger: bool = False) -> dict:
    value = param(pid, on)
    return {"valor": value.value, "unidade": "MVR_PCT", "valor_brl": None, "cite": value.cite.at(on), "por_passageiro": per_passenger}


def _recife_fine(pid: str, on: date) -> dict:
    """Vm = G × Vb (art. 36): ``pid`` is the group's multiplier G (or art. 45's 40)."""
    vb, multiple = param("recife.vb", on), param(pid, on)
    return {"valor": multiple.value, "unidade": "VB", "valor_brl": vb.value * multiple.value, "cite": vb.cite, "cite_multiplo": multiple.cite}


# Art. 36, § 1º: the Vb of the law's text is corrected by each fare adjustment, and the
# corrected value is set outside the law.  An amount in R$ from the text's Vb is a
# reference, never "the fine" (independent review: a 2010 fine was stated as R$ 2.000,00).
RECIFE_VB_CORRECTED = N_(
    "O valor em reais usa o Vb escrito na lei; a lei manda corrigi-lo pelo percentual de reajuste tarifário do STCP/Recife, "
    "e o valor corrigido na data da infração não está na lei: a multa é o número de Vb indicado, pelo Vb em vigor naquela data."
)

NO_SPECIFIC = N_("A lei deste lugar não descreve uma infração específica para isto; a equipe do órgão avalia o enquadramento.")

# Pernambuco: each occurrence's description, per wording of the Anexo I (the act that gave it:
# the original law, 22/02/2018 to 12/11/2020, or Lei 17.107/2020).  Its units, gravity and fine
# are the structure map's and the catalogue row's.
PE_TEXTS = {
    "venda_passagem_individual": {"pe-lei-16205-2017": N_("Práticas de vendas e emissões de passagens individuais."),
                                  "pe-lei-17107-2020": N_("Realizar vendas e emissões de passagens individuais.")},
    "passageiros_em_pe": {"pe-lei-16205-2017": N_("Transportar passageiro em pé."),
                          "pe-lei-17107-2020": N_("Transportar passageiro em pé ou acima da capacidade do veículo.")},
    "terminal_rodoviario": N_("Utilização de terminais rodoviários nos pontos extremos e no percurso da viagem."),
    "passageiro_fora_da_lista": N_("Transportar passageiros que não estejam na lista de identificação."),
    "veiculo_inseguro": N_("Utilizar veículo em condições deficientes, com risco comprovado de segurança."),
    "porta_aberta": N_("Dar partida durante o embarque e desembarque ou transitar com a porta aberta."),
    "sem_autorizacao": N_("Realizar o serviço de fretamento sem o CRC ou com ele vencido."),
    "equipamento_obrigatorio": N_("Utilizar em serviço veículo sem os equipamentos obrigatórios exigidos pelo Código de Trânsito Brasileiro (como o cinto de segurança)."),
}
PE_GRAVE_WORDS = N_(
    "A redação anterior do art. 28, III escreve “R$ 900,00 (novecentos mil reais)”: o número e o valor por extenso divergem. "
    "O portal mostra R$ 900,00, o número que a Lei 17.107/2020 manteve ao corrigir o extenso; a divergência pode ser discutida na defesa."
)


def _text(texts: dict, entry: Complaint) -> str:
    """The occurrence's description: one for every wording, or one per wording's act."""
    text = texts[entry.occurrence]
    return text[entry.act] if isinstance(text, dict) else text


def _pe(occurrence: str, on: date) -> Enquadramento:
    entry = complaint("pe", occurrence, on)
    found = catalogue_row("pe", entry.row, on)
    fine = _pe_fine(found.fine_param, on)
    # The Anexo I row of a replaced wording is cited as that wording (several of its alíneas no longer exist).
    cites = [pe(c.unit, on, previous=True) if entry.previous and c.row else as_of(pe(c.unit), on) for c in entry.cites]
    notes = [PE_GRAVE_WORDS] if entry.previous and found.gravity == "grave" else []
    return Enquadramento(occurrence, _text(PE_TEXTS, entry), PE_GRAVITY_NAMES[found.gravity], cites + [fine.pop("cite")], fine, ressalvas=notes)


SP_TEXTS = {
    "venda_passagem_individual": N_("Cobrança indevida, a qualquer título: o fretamento não tem cobrança individual de passagem."),
    "passageiros_em_pe": N_("Transporte acima da lotação autorizada, multa por passageiro em excesso; é proibido viajar em pé."),
    "passageiro_fora_da_lista": N_("Fretamento contínuo com usuários sem vínculo com a contratante."),
    "veiculo_inseguro": N_("Veículo em operação sem condições de perfeita segurança (sujeito a retenção)."),
    "porta_aberta": N_("Motorista dirigindo de modo a pôr em risco a segurança dos passageiros."),
    "sem_autorizacao": N_("Executar serviço de transporte coletivo sem autorização formal (sujeito a apreensão)."),
    "equipamento_obrigatorio": N_("Falta ou defeito em equipamento obrigatório (como o cinto de segurança)."),
}


def _sp(occurrence: str, on: date) -> Enquadramento:
    entry = complaint("sp", occurrence, on)
    cites = [sp(c.unit, on) for c in entry.cites]
    if entry.no_specific:
        return Enquadramento(occurrence, NO_SPECIFIC, None, cites)
    found = catalogue_row("sp", entry.row, on)
    fine = _sp_fine(found.fine_param, on, entry.per_passenger is not None)
    notes = [SP_READINGS[occurrence]] if entry.alternative else []
    extra = [sp(entry.alternative.unit, on)] if entry.alternative else []
    return Enquadramento(occurrence, _text(SP_TEXTS, entry), N_("%(pct)s%% do MVR"), cites + [fine.pop("cite")] + extra, fine, {"pct": fine["valor"]}, ressalvas=notes)


# Where the Regulamento has no item of its own for the occurrence, the portal's reading
# is shown together with the other one the text allows (independent review, X2 and X3).
SP_READINGS = {
    "venda_passagem_individual": N_(
        "O Regulamento não tem item próprio para a venda de passagem individual: o portal a lê como cobrança indevida (art. 37, III, f). "
        "Outra leitura possível é a multa geral do art. 37, parágrafo único, para infrações sem penalidade prevista; quem decide é o DER."
    ),
    "passageiros_em_pe": N_(
        "O art. 10 proíbe passageiros em pé, mas não fixa penalidade própria: a multa por passageiro do art. 37, II, c vale quando há passageiros "
        "acima da lotação autorizada. Sem excesso sobre a lotação, a leitura possível é a multa geral do art. 37, parágrafo único; quem decide é o DER."
    ),
}


# Acre: (description, what the penalty is) of each occurrence the law deals with.
AC_TEXTS = {
    "sem_autorizacao": (N_("Transporte clandestino: sem concessão, permissão ou autorização (multa dobrada na reincidência; apreensão do veículo)."), N_("multa e apreensão")),
    "passageiros_em_pe": (N_("No fretamento só se transportam passageiros sentados; transportar excedentes é multado por passageiro."), N_("multa")),
    "porta_aberta": (N_("Colocar ou manter o veículo em movimento com as portas abertas."), N_("multa")),
    "veiculo_inseguro": (N_("Usar o veículo quando há indícios de defeitos mecânicos que possam pôr em risco a segurança dos usuários: multa e retenção imediata do veículo."), N_("multa e retenção")),
    "venda_passagem_individual": (N_("Vedado no fretamento; sem multa específica, cabe advertência por escrito."), N_("advertência")),
    "terminal_rodoviario": (N_("Vedado no fretamento; sem multa específica, cabe advertência por escrito."), N_("advertência")),
}


def _ac(occurrence: str, on: date) -> Enquadramento:
    e = Enquadramento
    entry = complaint("ac", occurrence, on)
    cites = [ac(c.unit, on) for c in entry.cites]
    if entry.no_specific:
        return e(occurrence, NO_SPECIFIC, None, cites)
    text, gravidade = _text(AC_TEXTS, entry)
    if entry.warning:
        return e(occurrence, text, gravidade, cites, penalidade=N_("advertência por escrito"))
    value = param(catalogue_row("ac", entry.row, on).fine_param, on)
    fine = {"valor": value.value, "unidade": value.unit, "valor_brl": None, "por_passageiro": entry.per_passenger is not None}
    return e(occurrence, text, gravidade, cites, fine)


# The numbers a Recife text recalls beyond its row's: the seating rule of the service's first years.
RECIFE_FIRST_FLEET_RULE = {"passageiros_em_pe": {"minimo": "recife.veiculo.capacidade.minima", "maximo": "recife.veiculo.capacidade.maxima",
                                                 "inicio": "recife.stcp.fase_inicial.anos"}}
RECIFE_TEXTS = {
    # Finding 4: in the STCP the passenger pays the fare; only unauthorised tickets are an infraction.
    "venda_passagem_individual": N_("No transporte complementar do Recife o passageiro paga a tarifa do STCP/Recife: cobrar a passagem não é infração. É infração (Grupo 4) comercializar bilhete de passagem não autorizado pelo Poder Público Municipal ou desrespeitar o valor da tarifa em vigor."),
    # Finding 12: Grupo 1 is a written warning; the fine comes only on a repeat within 6 months.
    # Finding 17: art. 16, I (12 to 20 seated) governed only the first 3 years of operation; art. 17, I since.
    "passageiros_em_pe": N_("Permitir transporte que comprometa a segurança ou o conforto dos usuários (Grupo 1): a penalidade é advertência por escrito; só a reincidência em %(meses)d meses leva à multa (%(vezes)d × Vb). A lotação é a fixada pelo Poder Público Municipal; a regra de %(minimo)d a %(maximo)d pessoas acomodadas em assento valeu nos %(inicio)d primeiros anos de operação do STCP/Recife."),
    "sem_autorizacao": N_("Transporte remunerado sem autorização, permissão ou concessão: apreensão do veículo e multa de %(vezes)d Vb."),
    "porta_aberta": N_("Movimentar o veículo com as portas abertas."),
    "veiculo_inseguro": N_("Operar com o veículo em más condições de uso, comprometendo a segurança dos usuários."),
    "equipamento_obrigatorio": N_("Ausência de equipamentos obrigatórios no veículo (como o cinto de segurança) ou equipamentos em más condições de uso."),
}
# A catalogue row's group (Anexo Único) as the complaint names it — the groups the map's categories
# fall in (tests/test_structure_map.py checks each has its name) —; a whole-article row by its measure.
RECIFE_GROUPS = {"1": N_("Grupo 1"), "2": N_("Grupo 2"), "3": N_("Grupo 3")}
RECIFE_MEASURE_AND_FINE = {"apreensao": N_("apreensão e multa")}


def _recife_cite(item, on: date) -> Cite:
    return param(item.param, on).cite.at(on) if item.param else recife(item.unit, on)


def _recife(occurrence: str, on: date) -> Enquadramento:
    e = Enquadramento
    entry = complaint("recife", occurrence, on)
    cites = [_recife_cite(c, on) for c in entry.cites]
    if entry.no_specific:
        return e(occurrence, NO_SPECIFIC, None, cites)
    text = _text(RECIFE_TEXTS, entry)
    if not entry.row:
        return e(occurrence, text, None, cites)
    found = catalogue_row("recife", entry.row, on)
    gravidade = RECIFE_GROUPS[found.gravity] if found.gravity else RECIFE_MEASURE_AND_FINE[found.measure]
    if found.advertencia_first:
        meses, vezes = param("recife.reincidencia.meses", on), param(found.fine_param, on)
        params = {"meses": meses.value, "vezes": vezes.value}
        if occurrence in RECIFE_FIRST_FLEET_RULE:
            # The first years' seating rule the text recalls, its numbers from their parameters.  Not cited:
            # the rule of the case is art. 17, I (legal review, finding 17), the first years' one is history.
            params |= {name: param(pid, on).value for name, pid in RECIFE_FIRST_FLEET_RULE[occurrence].items()}
        return e(occurrence, text, gravidade, cites, params=params, penalidade=N_("advertência por escrito"))
    fine = _recife_fine(found.fine_param, on)
    rules = [recife(unit, on) for unit in fine_rules("recife", "anexo-unico")]
    return e(occurrence, text, gravidade, cites + [fine.pop("cite"), fine.pop("cite_multiplo")] + rules, fine,
             params={"vezes": fine["valor"]}, ressalvas=[RECIFE_VB_CORRECTED])


HANDLERS = {"pe": _pe, "sp": _sp, "ac": _ac, "recife": _recife}


def classify(occurrence: str, jurisdiction: str, on: date) -> Enquadramento:
    """The infraction an occurrence matches in the law of ``jurisdiction``, on the date of the facts.

    Raises NotInForce when the law did not apply yet on that date, ValueError for an
    unknown or missing place (the caller must ask the place, never assume one).
    """
    if jurisdiction not in HANDLERS:
        raise ValueError(f"unknown place: {jurisdiction!r}")
    if on < PLACES[jurisdiction].in_force:
        raise NotInForce(f"{jurisdiction}: lei em vigor desde {PLACES[jurisdiction].in_force.isoformat()}")
    if occurrence == "outro":
        return Enquadramento(occurrence, N_("A equipe do órgão avalia o enquadramento a partir do seu relato."), None, [])
    return HANDLERS[jurisdiction](occurrence, on)


def classify_everywhere(occurrence: str, on: date) -> dict[str, Enquadramento | None]:
    """Each place's answer, for an occurrence whose place is unknown (None: the law was not in force yet)."""
    out: dict[str, Enquadramento | None] = {}
    for place in JURISDICTIONS:
        try:
            out[place] = classify(occurrence, place, on)
        except NotInForce:
            out[place] = None
    return out


# -- a row of the catalogue (knowledge/infractions.py), as the reader of stories classified it --------

PE_GRAVITY_NAMES = {"leve": N_("leve"), "moderada": N_("moderada"), "grave": N_("grave"), "gravissima": N_("gravíssima")}
RECIFE_GROUP = N_("Grupo %(grupo)s")
RECIFE_GROUP_1_WARNING = N_("Grupo 1: a primeira infração leva a advertência por escrito; a multa vem na reincidência.")
MEASURES = {"apreensao": N_("apreensão do veículo")}


def classify_row(row, on: date) -> Enquadramento:
    """The :class:`Enquadramento` of a catalogue row on the date of the facts: the row's own words, its
    gravity or group as its law names it, its fine in the law's unit and the units that fix it."""
    fine = row.fine(on)
    cites = [row.cite(on)] + [c for c in row.fine_cites(on) if c != row.cite(on)]
    notes, gravidade, penalidade, params = [], None, None, {}
    if row.place == "pe" and row.gravity:
        gravidade = PE_GRAVITY_NAMES[row.gravity]
        if row.previous and row.gravity == "grave":
            notes.append(PE_GRAVE_WORDS)
    elif row.place == "recife":
        if row.gravity:
            gravidade, params = RECIFE_GROUP, {"grupo": row.gravity}
        if row.advertencia_first:
            penalidade = N_("advertência por escrito")
            notes.append(RECIFE_GROUP_1_WARNING)
            cites.append(recife(warning_first("recife").ref.unit, on))
        notes.append(RECIFE_VB_CORRECTED)
    if row.measure:
        penalidade = MEASURES[row.measure]
    multa = {"valor": fine["valor"], "unidade": fine["unidade"], "valor_brl": fine.get("valor_brl"), "por_passageiro": False} if fine else None
    text = row.text[:1].upper() + row.text[1:] + "."
    return Enquadramento(f"linha:{row.key}", text, gravidade, cites, multa, params, ressalvas=notes, penalidade=penalidade)
