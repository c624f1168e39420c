"""The verdict a passenger at the bus door can act on, from a plate's status.

One line first — "Não embarque: …", "A verificar: …" (a requirement whose consequence the law
does not give), "Pode embarcar: …" or "Não encontramos esta placa:
não embarque e denuncie" — then what to do: the complaint form already filled in with the
plate and the place, and the emergency number 190 when something is wrong.  The same
verdict is shown by ``/consulta``, ``/v/<placa>``, ``GET /api/v1/veiculos/<placa>`` and
the chat, because all of them call :func:`plate_verdict` on the lookup's answer.

The reasons and their citations are the status rules' (knowledge/vehicle_status.py):
the verdict only chooses the headline (in the place's words: a CRC, a Certificado de
Registro, a permissão) and the actions; it never adds a legal statement of its own.
No Flask here: templates are ``N_`` msgids, rendered by the caller's ``translate``.

Usage (the chat, the lookup)::

    verdict = plate_verdict(result)          # result: the dict of portal.lookup.lookup()
    text = verdict.render(translate)         # translate(msgid, **params) -> str
    text["veredito"], text["o_que_fazer"], verdict.citations
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .citations import N_
from .places import PLACES

DONT_BOARD, CAN_BOARD, NOT_FOUND, CHECK_FIRST = "nao_embarque", "pode_embarcar", "nao_encontrada", "a_verificar"

# The reason's headline, after "Não embarque: ".  Registration codes in each place's words.
_REGISTRATION_HEADLINES = {
    "crc_vencido": {"pe": N_("o CRC da empresa está vencido"), "sp": N_("o Certificado de Registro da empresa está vencido"),
                    "ac": N_("o registro da empresa está vencido"), "recife": N_("a permissão do STCP/Recife está vencida")},
    "crc_suspenso": {"pe": N_("o CRC da empresa está suspenso"), "sp": N_("o registro da empresa não está ativo"),
                     "ac": N_("a autorização da empresa está suspensa"), "recife": N_("a permissão não está ativa")},
    "crc_cancelado": {"pe": N_("o CRC da empresa foi cancelado"), "sp": N_("o registro da empresa foi cassado"),
                      "ac": N_("a autorização da empresa foi cassada"), "recife": N_("a permissão foi cassada")},
}
_HEADLINES = {
    "vistoria_vencida": N_("a vistoria do veículo está vencida"),
    "seguro_vencido": N_("o seguro do veículo está vencido"),
    "veiculo_retirado": N_("o veículo foi retirado da frota autorizada"),
    "automovel_nao_admitido": N_("este automóvel não é admitido no fretamento"),
    "automovel_capacidade": N_("este automóvel não é admitido no fretamento"),
    "automovel_fora_do_turismo": N_("este automóvel não é admitido no fretamento"),
    "tipo_nao_admitido": N_("este tipo de veículo não é admitido no fretamento"),
    "categoria_nao_admitida": N_("este tipo de veículo não é admitido no fretamento"),
    "idade_maxima": N_("o veículo passou da idade que a lei admite"),
    "idade_ingresso": N_("o veículo entrou no serviço mais velho do que a lei admite"),
    "permissionario_pessoa_juridica": N_("a permissão não pode ser de uma empresa"),
    "mais_de_um_veiculo": N_("a permissão admite um único veículo"),
}
# Reasons that mean "no authorisation at all": the complaint is "transporte sem autorização".
_UNAUTHORISED = {"crc_vencido", "crc_suspenso", "crc_cancelado", "veiculo_retirado", "permissionario_pessoa_juridica", "mais_de_um_veiculo", "nao_cadastrado"}

LINE_DONT_BOARD = N_("Não embarque: %(motivo)s.")
LINE_DONT_BOARD_MORE = N_("Não embarque: %(motivo)s (e mais %(n)d irregularidades, abaixo).")
# Every reason one the law requires without saying what follows for the vehicle (``duvida``: Pernambuco's
# overdue vistoria): the verdict says so, as the fleet check does, instead of a "não embarque" the law does not give.
LINE_CHECK_FIRST = N_("A verificar: %(motivo)s, e a lei não diz o que acontece com o veículo nesse caso (abaixo).")
LINE_CAN_BOARD = N_("Pode embarcar: este veículo está autorizado hoje, pela lei %(lugar)s.")
LINE_NOT_FOUND = N_("Não encontramos esta placa: não embarque e denuncie.")

ACTION_REPORT = N_("Denunciar este veículo")
REPORT_DETAIL = N_("O formulário já vem com a placa %(placa)s e o lugar; a denúncia pode ser anônima.")
REPORT_DETAIL_NOT_FOUND = N_("O formulário já vem com a placa %(placa)s; diga onde aconteceu. A denúncia pode ser anônima.")
ACTION_EMERGENCY = N_("Se há perigo agora (acidente, motorista embriagado, ameaça), ligue 190.")
ACTION_CHECK_PLATE = N_("Confira se a placa do veículo é mesmo %(placa)s e os itens abaixo; se algo estiver errado, denuncie.")


@dataclass
class PlateVerdict:
    kind: str  # nao_embarque | a_verificar | pode_embarcar | nao_encontrada
    line: str  # msgid of the one line
    params: dict
    reasons: list[dict]  # the lookup's motivos (codigo, mensagem, citations), in order
    citations: list[dict]  # every reason's citations, in order, without repeats
    actions: list[tuple[str, str, str | None, dict]] = field(default_factory=list)  # (code, msgid, detail msgid, params): denunciar | ligar_190 | conferir
    complaint: dict = field(default_factory=dict)  # what the complaint form is filled with: placa, jurisdicao, ocorrencias

    def render(self, translate: Callable[..., str]) -> dict:
        """The verdict in the reader's language: ``translate(msgid, **params)``."""
        params = {k: translate(v) if k in ("motivo", "lugar") and v else v for k, v in self.params.items()}
        return {
            "tipo": self.kind,
            "texto": translate(self.line, **params),
            "o_que_fazer": [
                {"codigo": code, "texto": translate(text, **p), "detalhe": translate(detail, **p) if detail else None} for code, text, detail, p in self.actions
            ],
            "denuncia": dict(self.complaint),
        }


def plate_verdict(result: dict) -> PlateVerdict:
    """The verdict for a plate's lookup answer (``situacao``, ``motivos``, ``operadora``, ``placa``)."""
    situacao, plate = result["situacao"], result["placa"]
    operator = result.get("operadora") or {}
    place = operator.get("jurisdicao")
    reasons = list(result.get("motivos") or [])
    citations: list[dict] = []
    for reason in reasons:
        for cite in reason.get("citations") or []:
            if cite not in citations:
                citations.append(cite)
    codes = [r.get("codigo") for r in reasons]
    complaint = {"placa": plate, "jurisdicao": place, "ocorrencias": []}
    if situacao == "regular":
        return PlateVerdict(CAN_BOARD, LINE_CAN_BOARD, {"lugar": PLACES[place].of_name if place in PLACES else ""}, reasons, citations,
                            [("conferir", ACTION_CHECK_PLATE, None, {"placa": plate})], complaint)
    complaint["ocorrencias"] = ["sem_autorizacao"] if (situacao != "irregular" or _UNAUTHORISED & set(codes)) else []
    actions = [("denunciar", ACTION_REPORT, REPORT_DETAIL_NOT_FOUND if situacao != "irregular" else REPORT_DETAIL, {"placa": plate}), ("ligar_190", ACTION_EMERGENCY, None, {})]
    if situacao != "irregular":
        return PlateVerdict(NOT_FOUND, LINE_NOT_FOUND, {}, reasons, citations, actions, complaint)
    first = codes[0] if codes else ""
    if reasons and all(r.get("duvida") for r in reasons):
        return PlateVerdict(CHECK_FIRST, LINE_CHECK_FIRST, {"motivo": _HEADLINES.get(first) or N_("o veículo não está autorizado")}, reasons, citations, actions, complaint)
    headline = _REGISTRATION_HEADLINES.get(first, {}).get(place) or _HEADLINES.get(first) or N_("o veículo não está autorizado")
    line, params = (LINE_DONT_BOARD, {"motivo": headline}) if len(codes) <= 1 else (LINE_DONT_BOARD_MORE, {"motivo": headline, "n": len(codes) - 1})
    return PlateVerdict(DONT_BOARD, line, params, reasons, citations, actions, complaint)
