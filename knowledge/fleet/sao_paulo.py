"""São Paulo's fleet rules (Regulamento do Decreto 29.912/1989) on a date.

Per vehicle: the kinds of art. 19, VI (ônibus rodoviário M3, micro-ônibus M2 and M3), the
20-year limit of art. 22, § 1º, and the ordinary inspection cycle of art. 25 (18, 12 or 6
months by years of manufacture).  Art. 19, VI also asks the vehicles listed for the
registration (and its renewal) to be under 15 years, while art. 22, § 1º lets half the M3
fleet be over 15 and up to 20: a vehicle between the two is a doubt, shown with both
articles.  The list gives no M2/M3 class, so the M2 rule (not before 2009) is a condition.

For the fleet: at least 2 owned vehicles (art. 19, VI) and at most 50 % of M3 over 15 years
(art. 22, § 1º; the list's ônibus counted as M3).  The Regulamento sets no share of leased
vehicles; art. 19, V asks "prova de propriedade dos veículos componentes da frota", so a
leased vehicle is a doubt, not a verdict.

Before Decreto 61.694/2015 (04/12/2015) these units had another wording the corpus does not
hold: the check says so instead of applying today's text (``vigencia.yaml``).
"""

from __future__ import annotations

from datetime import date

from ..citations import N_, as_of, distinct, sp
from ..modalities import SP_MODALITIES
from ..parameters import NotInForce, param
from ..vigencia import act
from .verdicts import VehicleVerdict, blocks, doubt, info
from . import vistoria
from .vehicles import Vehicle

DECRETO_61694 = act("sp-decreto-61694-2015").in_force
ADMITTED = {"onibus", "micro_onibus"}
# The units Decreto 61.694/2015 rewrote that the check applies (art. 19, VI: kinds, registration age, own
# vehicles; art. 22, § 1º: old M3 share and age limit; art. 25: inspection cycle): before it, their
# wording is not in the corpus, and the doubt cites each of them (as_of marks the previous wording).
VEHICLE_UNITS = ("art-19/inc-6", "art-22/par-1", "art-25")
FLEET_UNITS = ("art-19/inc-6", "art-22/par-1")


def modalities(when: date) -> list[str]:
    return list(SP_MODALITIES)


def _cycle(idade: int, when: date):
    """(months, the parameter of the band) of art. 25 for a vehicle of ``idade`` years of manufacture."""
    faixa1, faixa2 = param("sp.vistoria.faixa1.ate_anos", when), param("sp.vistoria.faixa2.ate_anos", when)
    if idade <= faixa1.value:
        return param("sp.vistoria.faixa1.meses", when)
    if idade <= faixa2.value:
        return param("sp.vistoria.faixa2.meses", when)
    return param("sp.vistoria.faixa3.meses", when)


def vehicle(v: Vehicle, when: date, modalidade: str) -> VehicleVerdict:
    idade = when.year - v.ano_fabricacao
    verdict = VehicleVerdict(v, idade)
    if when < DECRETO_61694:
        verdict.motivos.append(doubt(
            N_("Antes de %(desde)s as regras do Regulamento sobre o tipo, a idade e a vistoria dos veículos tinham outra redação, que o portal não tem: a idade, o tipo e a vistoria deste veículo não podem ser conferidos nesta data."),
            *(as_of(sp(unit), when) for unit in VEHICLE_UNITS), code="redacao_desconhecida", desde=DECRETO_61694.strftime("%d/%m/%Y"),
        ))
        return verdict
    if v.tipo == "utilitario":
        verdict.motivos.append(doubt(
            N_("O Regulamento admite ônibus M3 e micro-ônibus M2 e M3 pela classificação do CONTRAN; um utilitário de passageiros pode ser M2, e a lista não diz a classe. Confirme no CRLV e com o DER."),
            sp("art-19/inc-6", when), code="utilitario_classe",
        ))
        return verdict
    if v.tipo not in ADMITTED:
        verdict.motivos.append(blocks(
            N_("O Regulamento admite ônibus rodoviários M3 e micro-ônibus M2 e M3; este tipo de veículo não está entre eles."),
            sp("art-19/inc-6", when), sp("art-22", when), code="tipo_nao_admitido",
        ))
        return verdict
    limite = param("sp.veiculo.idade_maxima.anos", when)
    registro = param("sp.registro.veiculo.idade_maxima.anos", when)
    if idade > limite.value:
        verdict.motivos.append(blocks(N_("Com %(idade)d anos de fabricação passa do limite de %(limite)d anos para o fretamento."), limite.cite, code="idade_maxima", idade=idade, limite=limite.value))
    elif idade >= registro.value:
        antigo, pct = param("sp.frota.m3_antigo.anos", when), param("sp.frota.m3_antigo.percentual", when)
        verdict.motivos.append(doubt(
            N_("Com %(idade)d anos de fabricação: o Regulamento pede veículos de fabricação inferior a %(registro)d anos na relação do registro e da renovação, mas admite até %(pct)d%% dos M3 com mais de %(anos)d anos e o limite de %(limite)d anos em operação. Confirme com o DER se este veículo pode constar do registro."),
            # Several of these parameters come from one paragraph: each unit cited once.
            *distinct([registro.cite, antigo.cite, pct.cite, limite.cite]), code="idade_registro_operacao",
            idade=idade, registro=registro.value, pct=pct.value, anos=antigo.value, limite=limite.value,
        ))
    if v.tipo == "micro_onibus":
        m2 = param("sp.registro.micro_m2.ano_minimo", when)
        if v.ano_fabricacao < m2.value:
            verdict.motivos.append(doubt(
                N_("Se este micro-ônibus for do tipo M2, o de fabricação anterior a %(ano)d não é admitido (\"enquanto couber\"); a lista não diz se é M2 ou M3."),
                m2.cite, code="micro_m2_2009", ano=m2.value,
            ))
    if not v.proprio:
        minimo = param("sp.registro.proprios.minimo", when)
        verdict.motivos.append(doubt(
            N_("O Regulamento pede a prova de propriedade dos veículos da frota e de pelo menos %(minimo)d próprios, e não trata de veículos locados: confirme com o DER se este pode constar do registro."),
            sp("art-19/inc-5", when), minimo.cite, code="locado_sem_regra", minimo=minimo.value,
        ))
    if idade <= limite.value:
        meses = _cycle(idade, when)
        rule = info(N_("Vistoria ordinária a cada %(meses)d meses (%(idade)d anos de fabricação); a Declaração de Vistoria vale por esse período."), meses.cite, sp("art-25/par-1", when), code="vistoria", meses=meses.value, idade=idade)
        verdict.motivos.append(rule)
        verdict.vistoria_meses, verdict.vistoria_regra = meses.value, rule
        verdict.motivos.extend(_declaracao(v, when, meses))
    return verdict


def _declaracao(v: Vehicle, when: date, meses) -> list:
    """The Declaração de Vistoria of the last inspection on the date asked: it is "válida pelo correspondente
    período" (art. 25, § 1º), and no vehicle without it may be used in service (art. 27; the fine of art. 37,
    III, b: "sem documento de vistoria válido")."""
    found = vistoria.state(v, when, meses.value)
    if found is None:
        return []
    if found == vistoria.DEPOIS:
        return [info(
            N_("A última vistoria informada (%(ultima)s) é posterior à data da verificação: a Declaração de Vistoria em vigor nessa data não está na lista."),
            sp("art-25/par-1", when), code="vistoria_posterior", ultima=v.ultima_vistoria.strftime("%d/%m/%Y"),
        )]
    params = vistoria.dates(v, meses.value)
    if found == vistoria.VENCIDA:
        return [blocks(
            N_("A Declaração de Vistoria da última vistoria (%(ultima)s) valia por %(meses)d meses, até %(validade)s: vencida nesta data, o veículo não pode ser utilizado em serviço até ser aprovado em nova vistoria."),
            meses.cite, sp("art-25/par-1", when), sp("art-27", when), sp("art-37/inc-3/ali-b", when), code="vistoria_vencida", **params,
        )]
    return [info(
        N_("A Declaração de Vistoria da última vistoria (%(ultima)s) vale por %(meses)d meses, até %(validade)s (contados até o mesmo dia do mês: o Regulamento não diz como contar o período)."),
        meses.cite, sp("art-25/par-1", when), code="vistoria_em_dia", **params,
    )]


def fleet(vehicles: list[Vehicle], when: date, modalidade: str, frota_regular: int | None) -> tuple[list, dict]:
    own = [v for v in vehicles if v.proprio]
    counts = {"proprios": len(own), "locados": len(vehicles) - len(own), "total": len(vehicles)}
    try:
        minimo = param("sp.registro.proprios.minimo", when)
    except NotInForce:
        return [doubt(
            N_("Antes de %(desde)s as regras do Regulamento sobre a frota (o mínimo de veículos próprios e a parcela de ônibus antigos) tinham outra redação, que o portal não tem."),
            *(as_of(sp(unit), when) for unit in FLEET_UNITS), code="redacao_desconhecida", desde=DECRETO_61694.strftime("%d/%m/%Y"),
        )], counts
    out = []
    if len(own) >= minimo.value:
        out.append(info(N_("Veículos próprios: %(proprios)d (a lei exige no mínimo %(minimo)d)."), minimo.cite, code="minimo_proprios", proprios=len(own), minimo=minimo.value))
    else:
        out.append(blocks(N_("Veículos próprios: %(proprios)d; a lei exige no mínimo %(minimo)d."), minimo.cite, code="minimo_proprios_insuficiente", proprios=len(own), minimo=minimo.value))
    antigo, pct = param("sp.frota.m3_antigo.anos", when), param("sp.frota.m3_antigo.percentual", when)
    m3 = [v for v in vehicles if v.tipo == "onibus" and when.year - v.ano_fabricacao <= param("sp.veiculo.idade_maxima.anos", when).value]
    old = [v for v in m3 if when.year - v.ano_fabricacao > antigo.value]
    usados = [v for v in vehicles if v.tipo in ADMITTED and when.year - v.ano_fabricacao <= param("sp.veiculo.idade_maxima.anos", when).value]
    params = dict(antigos=len(old), anos=antigo.value, pct=pct.value, total=len(usados))
    if len(old) * 100 <= pct.value * max(len(usados), 0):
        out.append(info(N_("Ônibus (M3) com mais de %(anos)d anos: %(antigos)d de %(total)d veículos em uso, dentro do máximo de %(pct)d%%."), pct.cite, code="m3_antigos", **params))
    else:
        out.append(blocks(N_("Ônibus (M3) com mais de %(anos)d anos: %(antigos)d de %(total)d veículos em uso, mais que o máximo de %(pct)d%%."), pct.cite, code="m3_antigos_excedido", **params))
    if any(v.tipo == "micro_onibus" and when.year - v.ano_fabricacao > antigo.value for v in vehicles):
        out.append(doubt(N_("Micro-ônibus do tipo M3 também contam no limite de M3 antigos; a lista não diz a classe: a conta acima só considera os ônibus."), pct.cite, code="m3_micro_classe"))
    return out, counts


def observations(when: date, modalidade: str) -> list:
    alteracao = param("sp.frota.alteracao.dias", when)
    return [
        info(N_("Alterações no número ou nas características dos veículos devem ser comunicadas ao DER em %(dias)d dias."), alteracao.cite, code="comunicar_alteracoes", dias=alteracao.value),
        info(N_("Nenhum veículo pode operar sem a Declaração de Vistoria."), sp("art-27", when), code="declaracao_vistoria"),
    ]
