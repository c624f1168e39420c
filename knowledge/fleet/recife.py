"""Recife's rules for the STCP/Recife fleet (Lei 16.856/2003) on a date.

The STCP is a permission per vehicle, not a fretamento company's fleet: each permission
registers one vehicle owned by the permissionário (art. 3º, § 2º), so a leased vehicle is
refused and a list of N vehicles needs N permissions.  Age: a vehicle enters with at most
3 years and stays up to 6 years of manufacture (art. 17, II).  Seats: 12 to 20 people
seated in the first three years of the service (art. 16, I); afterwards the capacity is set
by the Prefeitura (art. 17, I), not by the law.  The date the STCP started operating, which
ends those first three years, is not in the corpus: the check applies art. 17 and says so.
The law fixes no inspection cycle: approval in the Prefeitura's inspection (art. 16, IV) and
an annual re-registration on a calendar it announces (art. 21).
"""

from __future__ import annotations

from datetime import date

from ..citations import N_, recife
from ..parameters import param
from .verdicts import VehicleVerdict, blocks, doubt, info, ngettext
from .vehicles import Vehicle


def modalities(when: date) -> list[str]:
    return ["stcp"]


def vehicle(v: Vehicle, when: date, modalidade: str) -> VehicleVerdict:
    idade = when.year - v.ano_fabricacao
    verdict = VehicleVerdict(v, idade)
    ingresso = param("recife.veiculo.ingresso.idade_maxima.anos", when)
    permanencia = param("recife.veiculo.permanencia.idade_maxima.anos", when)
    if idade > permanencia.value:
        verdict.motivos.append(blocks(N_("Com %(idade)d anos de fabricação passa da permanência máxima de %(limite)d anos."), permanencia.cite, code="idade_permanencia", idade=idade, limite=permanencia.value))
    elif idade > ingresso.value:
        verdict.motivos.append(doubt(
            N_("Com %(idade)d anos de fabricação só pode continuar no serviço se já estava nele: o veículo entra com no máximo %(ingresso)d anos e permanece até %(limite)d."),
            ingresso.cite, code="idade_ingresso", idade=idade, ingresso=ingresso.value, limite=permanencia.value,
        ))
    else:
        verdict.motivos.append(info(N_("Com %(idade)d anos de fabricação pode ingressar no serviço (até %(ingresso)d anos) e permanecer até %(limite)d."), ingresso.cite, code="idade", idade=idade, ingresso=ingresso.value, limite=permanencia.value))
    minima, maxima = param("recife.veiculo.capacidade.minima", when), param("recife.veiculo.capacidade.maxima", when)
    if not minima.value <= v.lugares <= maxima.value:
        inicio = param("recife.stcp.fase_inicial.anos", when)
        verdict.motivos.append(doubt(
            N_("%(lugares)d lugares: nos %(anos)d primeiros anos do STCP a lei exigia de %(min)d a %(max)d pessoas sentadas; depois, a capacidade é a que a Prefeitura determinar, e essa determinação não está no corpus."),
            minima.cite, inicio.cite, recife("art-17/inc-1", when), code="capacidade", lugares=v.lugares, anos=inicio.value, min=minima.value, max=maxima.value,
        ))
    if not v.proprio:
        verdict.motivos.append(blocks(N_("Cada permissão registra um único veículo de propriedade do permissionário: um veículo locado não serve."), recife("art-3/par-2", when), code="veiculo_proprio"))
    rule = info(N_("A lei não fixa a periodicidade da vistoria: o veículo deve ser aprovado na vistoria da Prefeitura e recadastrado todo ano, no calendário que ela divulgar."), recife("art-16/inc-4", when), recife("art-21", when), code="vistoria_sem_periodicidade")
    verdict.motivos.append(rule)
    verdict.vistoria_regra = rule  # no cycle: the deadlines say so, citing this
    if v.ultima_vistoria is not None:
        # Art. 13, XX asks a "certificado válido de vistoria", but the law sets no period for it.
        verdict.motivos.append(info(
            N_("O permissionário deve manter em operação o veículo com certificado válido de vistoria e submetê-lo às vistorias nos prazos fixados; a lei não diz por quanto tempo o certificado vale, e a data da última vistoria (%(ultima)s) não mostra se ele venceu: confira no calendário da Prefeitura."),
            recife("art-13/inc-20", when), recife("art-13/inc-19", when), recife("art-21", when), code="vistoria_validade_sem_regra", ultima=v.ultima_vistoria.strftime("%d/%m/%Y"),
        ))
    return verdict


def fleet(vehicles: list[Vehicle], when: date, modalidade: str, frota_regular: int | None) -> tuple[list, dict]:
    own = [v for v in vehicles if v.proprio]
    inicio = param("recife.stcp.fase_inicial.anos", when)
    return [
        info(ngettext("Cada veículo precisa de uma permissão própria: esta lista de %(total)d veículo corresponde a %(total)d permissão.",
                      "Cada veículo precisa de uma permissão própria: esta lista de %(total)d veículos corresponde a %(total)d permissões.", "total"), recife("art-3/par-2", when), code="uma_permissao_por_veiculo", total=len(vehicles)),
        doubt(
            N_("As exigências da frota mudam depois dos %(anos)d primeiros anos de operação do STCP/Recife; a data do início da operação não está no corpus, e a verificação aplica as exigências de depois desse prazo."),
            inicio.cite, recife("art-17", when), code="fase_do_stcp", anos=inicio.value,
        ),
    ], {"proprios": len(own), "locados": len(vehicles) - len(own), "total": len(vehicles)}


def observations(when: date, modalidade: str) -> list:
    return [info(N_("O veículo deve estar licenciado no Recife e sem débitos de IPVA, seguro obrigatório, taxas e multas."), recife("art-16/inc-9", when), recife("art-16/inc-10", when), code="licenciamento")]
