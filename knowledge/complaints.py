"""Complaints: what a passenger can report, which infraction it is, and who receives it.

Each occurrence code maps, per jurisdiction, to the infraction the applicable law
describes, its gravity and its fine — in the unit the law uses — with citations.
Where a law has no specific infraction for an occurrence, the entry says so
(``gravidade`` None) instead of inventing one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from .citations import N_, Cite, ac, pe, recife, sp
from .parameters import param

OCCURRENCES: dict[str, str] = {
    "venda_passagem_individual": N_("Venda de passagem individual"),
    "passageiros_em_pe": N_("Passageiros viajando em pé"),
    "terminal_rodoviario": N_("Embarque ou desembarque em terminal rodoviário"),
    "passageiro_fora_da_lista": N_("Passageiro fora da lista de passageiros"),
    "veiculo_inseguro": N_("Veículo em más condições, com risco à segurança"),
    "porta_aberta": N_("Veículo andando com a porta aberta"),
    "sem_autorizacao": N_("Transporte sem autorização (clandestino)"),
    "outro": N_("Outro problema"),
}

JURISDICTIONS = ("pe", "sp", "ac", "recife")


@dataclass(frozen=True)
class Regulator:
    sigla: str
    nome: str
    contatos: tuple[str, ...]
    citations: tuple[Cite, ...] = ()


# Only facts the statutes give (and the national emergency number): no phone
# number or address is invented.  Deployments add real contacts in
# DATA_DIR/orgaos.json (see portal/complaints_service.py).
REGULATORS: dict[str, Regulator] = {
    "pe": Regulator("EPTI", "Empresa Pernambucana de Transporte Intermunicipal", (
        N_("As orientações para denúncias ficam afixadas dentro de todo veículo de fretamento."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), (pe("art-2"), pe("art-14/inc-2"))),
    "sp": Regulator("DER/ARTESP", "Departamento de Estradas de Rodagem (atribuições hoje da ARTESP)", (
        N_("O telefone do DER para reclamações fica afixado dentro do veículo."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), (sp("art-3"), sp("art-24/par-unico/item-2/ali-a"))),
    "ac": Regulator("AGEAC", "Agência Reguladora dos Serviços Públicos do Estado do Acre", (
        N_("A AGEAC aprecia as reclamações dos usuários."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), (ac("art-68/par-unico/inc-1"),)),
    "recife": Regulator("Prefeitura do Recife", "Prefeitura do Recife — fiscalização do STCP/Recife", (
        N_("Leve ao Poder Público Municipal as irregularidades que presenciar."),
        N_("Em situação de perigo, ligue 190 (Polícia Militar)."),
    ), (recife("art-27"), recife("art-15/inc-4"))),
}


@dataclass
class Enquadramento:
    ocorrencia: str
    descricao: str  # Portuguese template
    gravidade: str | None  # as the law names it: "gravíssima", "Grupo 4", "400% do MVR" …
    citations: list[Cite]
    multa: dict | None = None  # {"valor", "unidade", "valor_brl"}
    params: dict = field(default_factory=dict)


def _pe_fine(level: str, on: date) -> dict:
    value = param(f"pe.multa.{level}", on)
    return {"valor": value.value, "unidade": "BRL", "valor_brl": value.value, "cite": value.cite}


def _sp_fine(group: int, on: date, per_passenger: bool = False) -> dict:
    value = param(f"sp.multa.grupo{group}", on)
    return {"valor": value.value, "unidade": "MVR_PCT", "valor_brl": None, "cite": value.cite, "por_passageiro": per_passenger}


def _ac_fine(ufirac: int, cite: Cite, per_passenger: bool = False) -> dict:
    return {"valor": ufirac, "unidade": "UFIRAC", "valor_brl": None, "cite": cite, "por_passageiro": per_passenger}


def _recife_fine(pid: str, on: date) -> dict:
    """Vm = G × Vb (art. 36): ``pid`` is the group's multiplier G (or art. 45's 40)."""
    vb, multiple = param("recife.vb", on), param(pid, on)
    return {"valor": multiple.value, "unidade": "VB", "valor_brl": vb.value * multiple.value, "cite": vb.cite, "cite_multiplo": multiple.cite}


NO_SPECIFIC = N_("A lei deste lugar não descreve uma infração específica para isto; a equipe do órgão avalia o enquadramento.")


def classify(occurrence: str, jurisdiction: str, on: date) -> Enquadramento:
    """The infraction an occurrence matches in the applicable law, on the date of the facts."""
    e = Enquadramento
    if occurrence == "outro":
        return e(occurrence, N_("A equipe do órgão avalia o enquadramento a partir do seu relato."), None, [])
    if jurisdiction == "pe":
        table = {
            "venda_passagem_individual": ("gravíssima", "gravissima", [pe("anexo-i/inc-4/ali-f"), pe("art-34/inc-1")], N_("Realizar vendas e emissões de passagens individuais.")),
            "passageiros_em_pe": ("grave", "grave", [pe("anexo-i/inc-3/ali-e"), pe("art-34/inc-7")], N_("Transportar passageiro em pé ou acima da capacidade do veículo.")),
            "terminal_rodoviario": ("grave", "grave", [pe("anexo-i/inc-3/ali-b"), pe("art-34/inc-2")], N_("Utilização de terminais rodoviários nos pontos extremos e no percurso da viagem.")),
            "passageiro_fora_da_lista": ("moderada", "moderada", [pe("anexo-i/inc-2/ali-f")], N_("Transportar passageiros que não estejam na lista de identificação.")),
            "veiculo_inseguro": ("gravíssima", "gravissima", [pe("anexo-i/inc-4/ali-h")], N_("Utilizar veículo em condições deficientes, com risco comprovado de segurança.")),
            "porta_aberta": ("gravíssima", "gravissima", [pe("anexo-i/inc-4/ali-c")], N_("Dar partida durante o embarque e desembarque ou transitar com a porta aberta.")),
            "sem_autorizacao": ("gravíssima", "gravissima", [pe("anexo-i/inc-4/ali-b"), pe("art-4")], N_("Realizar o serviço de fretamento sem o CRC ou com ele vencido.")),
        }
        gravidade, level, cites, text = table[occurrence]
        fine = _pe_fine(level, on)
        return e(occurrence, text, gravidade, cites + [fine.pop("cite")], fine)
    if jurisdiction == "sp":
        table = {
            "venda_passagem_individual": (3, [sp("art-37/inc-3/ali-f"), sp("art-4")], N_("Cobrança indevida, a qualquer título: o fretamento não tem cobrança individual de passagem."), False),
            "passageiros_em_pe": (2, [sp("art-37/inc-2/ali-c"), sp("art-10")], N_("Transporte acima da lotação autorizada, multa por passageiro em excesso; é proibido viajar em pé."), True),
            "passageiro_fora_da_lista": (4, [sp("art-37/inc-4/ali-h"), sp("art-7")], N_("Fretamento contínuo em desconformidade com o art. 7º (usuários sem vínculo com a contratante)."), False),
            "veiculo_inseguro": (5, [sp("art-37/inc-5/ali-n"), sp("art-39")], N_("Veículo em operação sem condições de perfeita segurança (sujeito a retenção)."), False),
            "porta_aberta": (5, [sp("art-37/inc-5/ali-m")], N_("Motorista dirigindo de modo a pôr em risco a segurança dos passageiros."), False),
            "sem_autorizacao": (5, [sp("art-37/inc-5/ali-a"), sp("art-40")], N_("Executar serviço de transporte coletivo sem autorização formal (sujeito a apreensão)."), False),
        }
        if occurrence not in table:
            return e(occurrence, NO_SPECIFIC, None, [sp("art-5")])
        group, cites, text, per_passenger = table[occurrence]
        fine = _sp_fine(group, on, per_passenger)
        return e(occurrence, text, N_("%(pct)s%% do MVR"), cites + [fine.pop("cite")], fine, {"pct": fine["valor"]})
    if jurisdiction == "ac":
        if occurrence == "sem_autorizacao":
            value = param("ac.multa.clandestino", on)
            fine = _ac_fine(value.value, value.cite)
            return e(occurrence, N_("Transporte clandestino: sem concessão, permissão ou autorização (multa dobrada na reincidência; apreensão do veículo)."), N_("multa e apreensão"), [ac("art-84"), ac("art-88/inc-1"), ac("art-88/inc-2")], {k: v for k, v in fine.items() if k != "cite"})
        if occurrence == "passageiros_em_pe":
            value = param("ac.multa.inc2", on)
            fine = _ac_fine(value.value, value.cite, per_passenger=True)
            return e(occurrence, N_("No fretamento só se transportam passageiros sentados; transportar excedentes é multado por passageiro."), N_("multa (art. 75, II)"), [ac("art-62/par-5"), ac("art-75/inc-2/ali-e")], {k: v for k, v in fine.items() if k != "cite"})
        if occurrence == "porta_aberta":
            value = param("ac.multa.inc4", on)
            fine = _ac_fine(value.value, value.cite)
            return e(occurrence, N_("Colocar ou manter o veículo em movimento com as portas abertas."), N_("multa (art. 75, IV)"), [ac("art-75/inc-4/ali-r")], {k: v for k, v in fine.items() if k != "cite"})
        if occurrence == "veiculo_inseguro":
            value = param("ac.multa.inc1", on)
            fine = _ac_fine(value.value, value.cite)
            return e(occurrence, N_("Veículo sem condições de segurança: sujeito a retenção imediata, além de multa."), N_("retenção e multa"), [ac("art-77/inc-1"), ac("art-77/par-1"), ac("art-75/inc-1/ali-a")], {k: v for k, v in fine.items() if k != "cite"})
        if occurrence in ("venda_passagem_individual", "terminal_rodoviario"):
            inciso = "inc-1" if occurrence == "venda_passagem_individual" else "inc-4"
            return e(occurrence, N_("Vedado no fretamento; sem multa específica, cabe advertência por escrito."), N_("advertência"), [ac("art-86"), ac(f"art-85/par-unico/{inciso}"), ac("art-73/par-1")])
        return e(occurrence, NO_SPECIFIC, None, [ac("art-73/par-1")])
    if jurisdiction == "recife":
        table = {
            "sem_autorizacao": ("recife.multa.clandestino.vb", [recife("art-44"), recife("art-45")], N_("Transporte remunerado sem autorização, permissão ou concessão: apreensão do veículo e multa de 40 Vb."), N_("apreensão e multa")),
            "porta_aberta": ("recife.multa.grupo2.g", [recife("anexo-unico/grupo-2/ali-n")], N_("Movimentar o veículo com as portas abertas."), N_("Grupo 2")),
            "veiculo_inseguro": ("recife.multa.grupo3.g", [recife("anexo-unico/grupo-3/ali-p")], N_("Operar com o veículo em más condições de uso, comprometendo a segurança dos usuários."), N_("Grupo 3")),
            "passageiros_em_pe": ("recife.multa.grupo1.g", [recife("anexo-unico/grupo-1/ali-j"), recife("art-16/inc-1"), recife("art-33/inc-1"), recife("art-33/inc-2")], N_("Permitir transporte que comprometa a segurança ou o conforto dos usuários; a lotação é de pessoas acomodadas em assento. No Grupo 1 cabe advertência; a multa vem na reincidência em 6 meses."), N_("Grupo 1")),
            "venda_passagem_individual": ("recife.multa.grupo4.g", [recife("anexo-unico/grupo-4/ali-m")], N_("Comercializar bilhete de passagem não autorizado pelo Poder Público Municipal."), N_("Grupo 4")),
        }
        if occurrence not in table:
            return e(occurrence, NO_SPECIFIC, None, [recife("art-31")])
        pid, cites, text, gravidade = table[occurrence]
        fine = _recife_fine(pid, on)
        return e(occurrence, text, gravidade, cites + [fine.pop("cite"), fine.pop("cite_multiplo"), recife("art-36")], fine)
    raise ValueError(jurisdiction)
