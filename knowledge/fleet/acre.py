"""Acre's rules for a fretamento fleet (Lei 2.731/2013): mostly left to the regulation.

The law requires the fretamento company's registration (art. 61) and each vehicle's
registration "conforme as condições e requisitos estabelecidos na regulamentação" (art. 62),
and leaves to the regulation "as características dos veículos que poderão ser utilizados"
(art. 66).  It fixes no vehicle age, no seat range, no own-vehicle minimum and no leasing
limit for fretamento; the semestral inspection of art. 36 sits among the rules of the
regular services, "nos termos do que vier a ser estabelecido pela AGEAC".  The regulation
is not in the corpus, so every vehicle is "verificar" with these articles, and nothing is
invented in their place.
"""

from __future__ import annotations

from datetime import date

from ..citations import N_, ac
from .verdicts import VehicleVerdict, doubt, info
from . import vistoria
from .vehicles import Vehicle
from .vistoria import CYCLE_MONTHS


def modalities(when: date) -> list[str]:
    return ["fretamento"]


def vehicle(v: Vehicle, when: date, modalidade: str) -> VehicleVerdict:
    verdict = VehicleVerdict(v, when.year - v.ano_fabricacao)
    verdict.motivos.append(doubt(
        N_("A lei deixa ao regulamento as características dos veículos do fretamento e as condições do seu registro; o regulamento não está no corpus, e a lei não fixa idade, lugares nem tipo. Confirme com a AGEAC."),
        ac("art-62", when), ac("art-66", when), code="regulamento",
    ))
    verdict.vistoria_regra = doubt(
        N_("A vistoria semestral está entre as regras dos serviços regulares, nos termos que a AGEAC estabelecer; a lei não diz se vale para o fretamento."),
        ac("art-36", when), code="vistoria_semestral_regular",
    )
    verdict.motivos.append(verdict.vistoria_regra)
    # The list's last inspection more than a semester old: the same article, and what it does not say.
    if vistoria.state(v, when, CYCLE_MONTHS["semestral"]) == vistoria.VENCIDA:
        verdict.motivos.append(doubt(
            N_("A última vistoria (%(ultima)s) tem mais de um semestre (venceria em %(validade)s se a vistoria semestral valesse para o fretamento). A lei não diz se vale, nem o que acontece com o veículo de vistoria vencida: confirme com a AGEAC."),
            ac("art-36", when), code="vistoria_semestral_vencida", **vistoria.dates(v, CYCLE_MONTHS["semestral"]),
        ))
    return verdict


def fleet(vehicles: list[Vehicle], when: date, modalidade: str, frota_regular: int | None) -> tuple[list, dict]:
    own = [v for v in vehicles if v.proprio]
    return [info(
        N_("A lei não fixa, para o fretamento, mínimo de veículos próprios nem limite de locados; o registro da empresa segue o regulamento."),
        ac("art-61", when), ac("art-66", when), code="sem_regra_de_frota",
    )], {"proprios": len(own), "locados": len(vehicles) - len(own), "total": len(vehicles)}


def observations(when: date, modalidade: str) -> list:
    return [
        info(N_("Todo veículo do fretamento deve ter registrador instantâneo inalterável de velocidade e tempo (tacógrafo) funcionando."), ac("art-62/par-1", when), code="tacografo"),
        info(N_("No fretamento só se transportam passageiros sentados."), ac("art-62/par-5", when), code="sentados"),
    ]
