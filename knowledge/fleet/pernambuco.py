"""Pernambuco's fleet rules (Lei 16.205/2017) on a date, in the three wordings of the law.

Per vehicle, the 7-seat-car wizard decides (``carro_turismo.decide``, called with this
vehicle's CRLV facts and the company facts left out): whether the kind is admitted (the
automobile only in turismo and only from 13/11/2020, art. 3º, § 3º), its seats, the age
ceiling of the Lei 17.107/2020 wording of art. 11 and the inspection cycle of each wording.
Other modalities than turismo admit ônibus and micro-ônibus only (art. 3º, § 3º says
"exclusivamente" of the automobile); social and próprio require the operator's own fleet
(art. 3º, IV and V).

For the fleet: the own-vehicle minimum (old art. 18, § 1º, for every operator but the social
one; since 2020 art. 3º, § 4º, for "quem se cadastra utilizando veículo tipo ônibus") and
the leasing limit (old art. 18, § 2º: 10 % of the own fleet; since 2020 art. 18, § 1º: 50 %,
turismo automobiles excepted by § 2º), both rounded up as the law says, and the 10 % of a
regular-transport fleet (art. 3º, § 5º).  Where the 2020 wording leaves a reading open (50 %
of what; does "tipo ônibus" take in micro-ônibus; the cross-reference to a § 2º that no longer
speaks of the limit) the reason is a doubt that shows both readings.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from ..citations import N_, as_of, pe
from ..flows import carro_turismo
from ..flows.dated import Dated, in_force_since
from ..history import exists_on
from ..modalities import ADDED_BY_LEI_17107, BY_ID
from ..parameters import NotInForce
from ..parameters import param as _raw_param
from ..vigencia import PE_LEI_17107, PE_ORIGINAL
from .verdicts import VehicleVerdict, blocks, doubt, info, ngettext
from .vehicles import Vehicle
from .vistoria import CYCLE_MONTHS
from . import vistoria

# The wizard's pendências that are about the vehicle itself (the others are about the company).
VEHICLE_PENDENCIAS = {"automovel_antes_da_lei", "tipo_nao_admitido", "capacidade", "idade_nao_admitida"}
# The modalities art. 3º defines as run "com frota própria"; each is cited by its own inciso (knowledge/modalities.py).
OWN_FLEET_MODALITIES = ("social", "proprio")


# What Lei 17.107/2020 changed in the fleet rules, as dated formulas (knowledge/flows/dated.py): each rule
# is called with the date of the list, and the formula in force that day answers.
ORIGINAL, LEI_17107 = PE_ORIGINAL, PE_LEI_17107
MODALITIES = Dated("modalidades do fretamento em Pernambuco")
AUTOMOVEL_FORA_DO_TURISMO = Dated("automóvel fora do fretamento turístico")
MINIMUM = Dated("mínimo de veículos próprios")
REGULAR_SHARE = Dated("parcela da frota do transporte regular")
LEASED_COUNTED = Dated("locados que contam no limite")
LEASING_LIMIT = Dated("limite de locados")


def modalities(when: date) -> list[str]:
    return MODALITIES({}, when)


@MODALITIES.since(ORIGINAL)
def _modalities_original(a: dict, when: date) -> list[str]:
    from ..modalities import MODALITY_IDS

    return [m for m in MODALITY_IDS if m not in ADDED_BY_LEI_17107]


@MODALITIES.since(LEI_17107)
def _modalities_since_2020(a: dict, when: date) -> list[str]:
    from ..modalities import MODALITY_IDS

    return list(MODALITY_IDS)


def param(pid: str, when: date):
    """A parameter on ``when``, its citation marked as the previous wording when it was rewritten since."""
    value = _raw_param(pid, when)
    return replace(value, cite=as_of(value.cite, when))


def _ceil_percent(count: int, percent: int) -> int:
    """``percent`` % of ``count``, rounded "para o número inteiro superior em caso de fração decimal"."""
    return -(-count * percent // 100)


def wizard_answers(v: Vehicle, when: date) -> dict:
    """The 7-seat-car wizard's answers for this vehicle: its CRLV facts, the date; the company's left to ask."""
    answers = {"tipo_veiculo": v.tipo, "lugares": v.lugares, "ano_fabricacao": v.ano_fabricacao, "data_referencia": when}
    if v.ano_primeiro_emplacamento:
        answers["ano_primeiro_emplacamento"] = v.ano_primeiro_emplacamento
    return answers


# The company facts the fleet list does not carry, answered "in order" so that only the vehicle's own
# pendências come back; the page says these are not checked (observacoes).
_COMPANY_IN_ORDER = {
    "categoria_aluguel": True, "emplacado_pe": True, "empresa_crc": True, "cadastur_pe": True,
    "atividade_exclusiva_turismo": True, "reboque": False, "rastreador": True, "envelopado": True,
}


def vehicle(v: Vehicle, when: date, modalidade: str) -> VehicleVerdict:
    answers = wizard_answers(v, when) | _COMPANY_IN_ORDER
    outcome = carro_turismo.decide(answers, when)  # raises InvalidAnswer for a year after the date
    verdict = VehicleVerdict(v, outcome.fields["idade_veiculo"], assistente=("carro_turismo", wizard_answers(v, when)))
    turismo = modalidade == "turistico"
    for p in outcome.fields["pendencias"]:
        if p.code not in VEHICLE_PENDENCIAS:
            continue
        if not turismo and p.code in ("capacidade", "tipo_nao_admitido") and v.tipo == "automovel":
            continue  # said once below: outside turismo no automobile at all
        if not turismo and p.code == "tipo_nao_admitido":
            continue  # the wizard's sentence names turismo; said below for this modality
        p.data["efeito"] = "bloqueia"
        verdict.motivos.append(p)
    if not turismo and v.tipo == "automovel":
        verdict.motivos.extend(AUTOMOVEL_FORA_DO_TURISMO({}, when))
    if not turismo and v.tipo == "utilitario":
        verdict.motivos.append(_utilitario(when))
    if modalidade in OWN_FLEET_MODALITIES and not v.proprio:
        verdict.motivos.append(blocks(
            N_("Esta modalidade é prestada com frota própria: um veículo locado não serve."), as_of(pe(BY_ID[modalidade].pe_unit), when), code="frota_propria_exigida",
        ))
    rule = next((s for s in outcome.rules if s.code.startswith("vistoria")), None)
    if rule is not None:
        periodicidade = outcome.fields["vistoria"]
        if periodicidade is None and rule.code == "vistoria_original_omissa":
            rule.data["efeito"] = "duvida"  # exactly 10 (or 6) years: "menos de" and "mais de" leave it out
        else:
            rule.data["efeito"] = "info"
        verdict.motivos.append(rule)
        verdict.vistoria_meses = CYCLE_MONTHS.get(periodicidade)
        verdict.vistoria_regra = rule
        verdict.motivos.extend(_overdue(v, when, verdict.vistoria_meses, rule))
    seguro = outcome.fields["seguro_minimo"]
    if seguro and all(m.data.get("efeito") != "bloqueia" for m in verdict.motivos):
        seguro[0].data["efeito"] = "info"
        verdict.motivos.append(seguro[0])
    return verdict


def _overdue(v: Vehicle, when: date, meses: int | None, rule) -> list:
    """The last inspection past the period of art. 11: the law says the inspections "deverão observar a
    seguinte periodicidade" and that the vehicle is inspected "a fim de obter a Autorização para Tráfego"
    (art. 9º), but not what follows for a vehicle whose period has run out (nor that the authorisation
    lapses with it): a doubt, not a verdict."""
    if vistoria.state(v, when, meses) != vistoria.VENCIDA:
        return []
    return [doubt(
        N_("A última vistoria (%(ultima)s) passou da periodicidade que a lei manda observar (%(meses)d meses, até %(validade)s). A lei não diz o que acontece com o veículo de vistoria vencida, nem que a Autorização para Tráfego perde a validade: confirme com a EPTI e faça a vistoria."),
        *rule.citations, as_of(pe("art-9"), when), code="vistoria_vencida", **vistoria.dates(v, meses),
    )]


def _utilitario(when: date):
    """Outside turismo a utilitário is none of the kinds the law names; the automobile it admits in turismo
    (and its seats) exists only from the date its parameter starts (Lei 17.107/2020)."""
    try:
        lugares = param("pe.automovel.lugares", when)
    except NotInForce:
        return blocks(N_("A lei trata de ônibus e micro-ônibus no fretamento; um utilitário não está entre eles."), pe("art-11", when, previous=True), code="tipo_nao_admitido")
    return blocks(
        N_("A lei trata de ônibus e micro-ônibus no fretamento (e do automóvel de %(lugares)d lugares só no turístico); um utilitário não está entre eles."),
        lugares.cite, code="tipo_nao_admitido", lugares=lugares.value,
    )


@AUTOMOVEL_FORA_DO_TURISMO.since(ORIGINAL)
def _automovel_original(a: dict, when: date) -> list:
    return []  # no automobile was admitted at all (the vehicle's own check says so)


@AUTOMOVEL_FORA_DO_TURISMO.since(LEI_17107)
def _automovel_since_2020(a: dict, when: date) -> list:
    return [blocks(N_("Fora do fretamento turístico a lei não admite automóvel: só ônibus e micro-ônibus."), pe("art-3/par-3", when), code="automovel_fora_do_turismo")]


def fleet(vehicles: list[Vehicle], when: date, modalidade: str, frota_regular: int | None) -> tuple[list, dict]:
    """The fleet-wide rules: own-vehicle minimum, leasing limit, the regular-transport share."""
    own = [v for v in vehicles if v.proprio]
    leased = [v for v in vehicles if not v.proprio]
    out = []
    minimo = param("pe.frota.onibus.minimo", when)
    if modalidade == "social":
        out.append(info(N_("O fretamento social não está sujeito ao mínimo de veículos próprios (a lei o ressalva)."), minimo.cite, code="minimo_nao_se_aplica"))
    else:
        out.extend(MINIMUM({"vehicles": vehicles, "own": own, "minimo": minimo}, when))
    out.extend(_leasing(own, leased, when, modalidade))
    if frota_regular is not None:
        out.extend(REGULAR_SHARE({"vehicles": vehicles, "frota_regular": frota_regular}, when))
    return out, {"proprios": len(own), "locados": len(leased), "total": len(vehicles)}


@MINIMUM.since(ORIGINAL)
def _minimum_original(a: dict, when: date) -> list:
    # Old art. 18, § 1º: every operator but the social one.
    return [_minimum(len(a["own"]), a["minimo"], code="minimo_proprios")]


@MINIMUM.since(LEI_17107)
def _minimum_since_2020(a: dict, when: date) -> list:
    own, minimo, out = a["own"], a["minimo"], []
    tipos = {v.tipo for v in a["vehicles"]}
    if "onibus" in tipos:
        out.append(_minimum(len(own), minimo, code="minimo_proprios"))
    elif "micro_onibus" in tipos:
        out.append(doubt(
            ngettext("O mínimo de %(minimo)d veículos próprios vale para quem se cadastra \"utilizando veículo tipo ônibus\"; a lei não diz se o micro-ônibus entra nessa expressão. Esta frota tem %(proprios)d veículo próprio. Confirme com a EPTI.",
                     "O mínimo de %(minimo)d veículos próprios vale para quem se cadastra \"utilizando veículo tipo ônibus\"; a lei não diz se o micro-ônibus entra nessa expressão. Esta frota tem %(proprios)d veículos próprios. Confirme com a EPTI.", "proprios"),
            minimo.cite, code="minimo_micro_onibus_ambiguo", minimo=minimo.value, proprios=len(own),
        ))
    else:
        out.append(info(N_("Sem ônibus na frota, o mínimo de %(minimo)d veículos próprios não se aplica: ele vale para quem se cadastra utilizando veículo tipo ônibus."), minimo.cite, code="minimo_nao_se_aplica", minimo=minimo.value))
    if tipos & {"onibus", "micro_onibus"}:
        out.append(doubt(
            N_("A regra do mínimo de veículos próprios remete a um parágrafo que, desde a Lei 17.107/2020, trata da exceção do automóvel no turístico e não mais do limite de locados: a remissão parece ter ficado da redação anterior."),
            pe("art-3/par-4", when), pe("art-18/par-2", when), code="remissao_art18",
        ))
    return out


@REGULAR_SHARE.since(ORIGINAL)
def _regular_share_original(a: dict, when: date) -> list:
    # The share as it came with Lei 17.107/2020: the rule this date did not have yet.
    regular = param("pe.frota.regular.percentual", in_force_since(LEI_17107))
    return [info(N_("Nesta data a lei não tinha a regra dos %(pct)d%% da frota do transporte regular (ela veio com a Lei 17.107/2020)."), pe("art-3", when), code="regular_10_inexistente", pct=regular.value)]


@REGULAR_SHARE.since(LEI_17107)
def _regular_share_since_2020(a: dict, when: date) -> list:
    vehicles, frota_regular = a["vehicles"], a["frota_regular"]
    regular = param("pe.frota.regular.percentual", when)
    exact = len(vehicles) * 100 <= frota_regular * regular.value
    floor, ceil = frota_regular * regular.value // 100, _ceil_percent(frota_regular, regular.value)
    if exact:
        return [info(N_("Empresa do transporte regular: a frota desta lista (%(total)d) cabe nos %(pct)d%% da frota do regular (%(regular)d veículos)."), regular.cite, code="regular_10", total=len(vehicles), pct=regular.value, regular=frota_regular)]
    if len(vehicles) <= ceil:
        return [doubt(
            N_("Empresa do transporte regular: %(pct)d%% de %(regular)d veículos dá %(floor)d com fração; a lei não diz se arredonda (para cima seriam %(ceil)d). Esta lista tem %(total)d."),
            regular.cite, code="regular_10_arredondamento", pct=regular.value, regular=frota_regular, floor=floor, ceil=ceil, total=len(vehicles),
        )]
    return [blocks(N_("Empresa do transporte regular: a frota desta lista (%(total)d) passa dos %(pct)d%% da frota do regular (%(regular)d veículos: até %(ceil)d)."), regular.cite, code="regular_10_excedido", total=len(vehicles), pct=regular.value, regular=frota_regular, ceil=ceil)]


def _minimum(own: int, minimo, *, code: str):
    if own >= minimo.value:
        return info(N_("Veículos próprios: %(proprios)d (a lei exige no mínimo %(minimo)d)."), minimo.cite, code=code, proprios=own, minimo=minimo.value)
    return blocks(N_("Veículos próprios: %(proprios)d; a lei exige no mínimo %(minimo)d."), minimo.cite, code=code + "_insuficiente", proprios=own, minimo=minimo.value)


def _leasing(own: list, leased: list, when: date, modalidade: str) -> list:
    if not leased:
        return []
    pct = param("pe.frota.locados.percentual", when)
    out, counted = LEASED_COUNTED({"leased": leased, "modalidade": modalidade}, when)
    if not counted:
        return out
    return out + LEASING_LIMIT({"own": own, "leased": leased, "counted": counted, "pct": pct}, when) + [_same_group(when)]


@LEASED_COUNTED.since(ORIGINAL)
def _counted_original(a: dict, when: date) -> tuple[list, list]:
    return [], a["leased"]


@LEASED_COUNTED.since(LEI_17107)
def _counted_since_2020(a: dict, when: date) -> tuple[list, list]:
    leased = a["leased"]
    if a["modalidade"] != "turistico":
        return [], leased
    exempt = [v for v in leased if v.tipo == "automovel"]
    out = [info(
        ngettext("%(n)d automóvel locado no turístico fica fora do limite de locados.", "%(n)d automóveis locados no turístico ficam fora do limite de locados.", "n"), pe("art-18/par-2", when), code="locados_automovel_excecao", n=len(exempt),
    )] if exempt else []
    return out, [v for v in leased if v.tipo != "automovel"]


@LEASING_LIMIT.since(ORIGINAL)
def _limit_original(a: dict, when: date) -> list:
    own, counted, pct = a["own"], a["counted"], a["pct"]
    limite = _ceil_percent(len(own), pct.value)
    params = dict(pct=pct.value, proprios=len(own), limite=limite, locados=len(counted))
    if len(counted) <= limite:
        return [info(N_("Locados: %(locados)d; o limite é de %(pct)d%% da frota própria (%(proprios)d), arredondado para cima: %(limite)d."), pct.cite, code="limite_locados", **params)]
    return [blocks(N_("Locados: %(locados)d; passa do limite de %(pct)d%% da frota própria (%(proprios)d), arredondado para cima: %(limite)d."), pct.cite, code="limite_locados_excedido", **params)]


@LEASING_LIMIT.since(LEI_17107)
def _limit_since_2020(a: dict, when: date) -> list:
    # "limite de até 50% para as empresas com frota própria" — 50 % of what the new words do not say; the
    # previous wording said "da frota própria".  Both readings are computed.
    own, counted, pct = a["own"], a["counted"], a["pct"]
    limite = _ceil_percent(len(own), pct.value)
    total = len(own) + len(a["leased"])
    limite_total = _ceil_percent(total, pct.value)
    own_ok, total_ok = len(counted) <= limite, len(counted) <= limite_total
    params = dict(pct=pct.value, proprios=len(own), limite=limite, locados=len(counted), total=total, limite_total=limite_total)
    if own_ok and total_ok:
        return [info(N_("Locados: %(locados)d; dentro do limite de %(pct)d%%, arredondado para cima, qualquer que seja a base: %(limite)d sobre a frota própria (%(proprios)d), %(limite_total)d sobre a frota toda (%(total)d)."), pct.cite, code="limite_locados", **params)]
    if not own_ok and not total_ok:
        return [blocks(N_("Locados: %(locados)d; passa do limite de %(pct)d%%, arredondado para cima, qualquer que seja a base: %(limite)d sobre a frota própria (%(proprios)d), %(limite_total)d sobre a frota toda (%(total)d)."), pct.cite, code="limite_locados_excedido", **params)]
    return [doubt(
        N_("Locados: %(locados)d. A lei fixa o limite de %(pct)d%% \"para as empresas com frota própria\" sem dizer de quê: sobre a frota própria (%(proprios)d) o limite é %(limite)d, sobre a frota toda (%(total)d) é %(limite_total)d, arredondando para cima. A redação anterior dizia \"da frota própria\". Confirme com a EPTI."),
        pct.cite, code="limite_locados_base_ambigua", **params,
    )]


def _same_group(when: date):
    return info(
        N_("A lei diz que \"o disposto no caput\" do artigo que admite veículos locados não é exigido quando se comprova que as empresas são do mesmo grupo econômico; não diz se isso afasta também o limite de locados."),
        as_of(pe("art-18/par-3"), when), code="mesmo_grupo",
    )


def observations(when: date, modalidade: str) -> list:
    """What the fleet list does not show and the law still asks of every vehicle."""
    out = []
    if modalidade not in ("social", "proprio"):
        out.append(info(N_("Cada veículo precisa estar na categoria aluguel (a lista não mostra isso)."), *[c for c in (pe("art-1/par-2", when),) if exists_on(c, when)], as_of(pe("art-12"), when), code="categoria_aluguel"))
    out.append(info(N_("Os veículos devem ser emplacados em Pernambuco (a placa não mostra o estado)."), pe("art-16", when), code="emplacado_pe"))
    out.append(info(N_("A verificação considera só os dados do CRLV da lista; o CRC da empresa, o Cadastur, o seguro, o rastreador e o envelopamento são conferidos nos assistentes."), pe("art-4", when), code="dados_da_empresa"))
    return out

