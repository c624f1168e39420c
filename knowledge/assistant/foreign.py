"""Questions typed in English or Spanish, read as Portuguese.

The assistant's understanding and the statutes are Portuguese, but the portal
speaks three languages and tourists do ask "can the driver sell me a ticket?".
A full translator would be a heavy dependency for a narrow domain; instead the
few hundred words that carry meaning here (charter, seized, fine, plate, how
long…) are mapped onto the Portuguese words the understanding and the search
already know.  Unknown words pass through unchanged, so a Portuguese message
typed with the interface in English is still understood.

Only used when the interface language is English or Spanish: some of these words
are also Portuguese in another sense ("para", "como").
"""

from __future__ import annotations

import re

from .text import fold

# Multi-word expressions first (matched on folded, lowercase text).
PHRASES = {
    "en": [
        (r"\bhow long\b", "quanto tempo"),
        (r"\bhow much\b", "quanto"),
        (r"\bhow many\b", "quantos"),
        (r"\bhow old\b", "idade maxima"),
        (r"\bwhat happens\b", "o que acontece"),
        (r"\bwhat do i need\b", "quais documentos preciso"),
        (r"\bis (?:it|this) (?:allowed|legal|permitted)\b", "e permitido"),
        (r"\bstart over\b", "recomecar"),
        (r"\bthank you\b", "obrigado"),
        (r"\bstanding (?:up|passengers?)\b", "passageiros em pe"),
        (r"\bstand(?:ing)?\b", "em pe"),
        (r"\bnumber plate\b|\blicen[cs]e plate\b", "placa"),
        (r"\bpassenger list\b", "lista de passageiros"),
        (r"\bdoor open\b", "porta aberta"),
        (r"\bsao paulo\b", "sao paulo"),
        (r"\bcharter (?:bus|coach)\b", "onibus de fretamento"),
        (r"\b(?:clandestine|unlicensed|illegal) (?:passenger )?transport(?:ation)?\b", "transporte clandestino"),
        (r"\btour(?:ist)? (?:bus|coach)\b", "onibus de turismo"),
        (r"\bmy company\b", "minha empresa"),
        (r"\bsell(?:s|ing)? (?:individual )?tickets?\b", "vender passagem individual"),
        (r"\bi want to complain\b|\bi want to report\b", "quero denunciar"),
        (r"\bhow do i get (?:it|my \w+) back\b", "como liberar o veiculo apreendido"),
        # A follow-up: "and in São Paulo?", "and what if it happens again?", "what about Acre?"
        (r"^\s*(?:and )?what if\b", "e se"),
        (r"^\s*(?:and )?what about\b", "e em"),
        (r"^\s*and in\b", "e em"),
        (r"^\s*and\b", "e"),
    ],
    "es": [
        (r"\bcuanto tiempo\b", "quanto tempo"),
        (r"\bque pasa\b", "o que acontece"),
        (r"\bantiguedad maxima\b", "idade maxima"),
        (r"\bque necesito\b", "quais documentos preciso"),
        (r"\bde pie\b", "em pe"),
        (r"\blista de pasajeros\b", "lista de passageiros"),
        (r"\bpuerta abierta\b", "porta aberta"),
        (r"\bmi empresa\b", "minha empresa"),
        (r"\bvolver a empezar\b|\bempezar de nuevo\b", "recomecar"),
        (r"\bmuchas gracias\b", "obrigado"),
        (r"\bquiero denunciar\b|\bquiero reclamar\b|\bquiero quejarme\b", "quero denunciar"),
        (r"\bcomo lo recupero\b|\bcomo recuperarlo\b|\bcomo recupero\b", "como liberar o veiculo apreendido"),
        # A follow-up: "¿y en São Paulo?", "¿y si es la segunda vez?"
        (r"^[\s¿]*y si\b", "e se"),
        (r"^[\s¿]*y en\b", "e em"),
        (r"^[\s¿]*y\b", "e"),
    ],
}

WORDS = {
    "en": {
        "charter": "fretamento", "chartered": "fretado", "chartering": "fretamento",
        "clandestine": "clandestino", "unlicensed": "clandestino", "transport": "transporte", "transportation": "transporte",
        "seatbelt": "cinto", "seatbelts": "cinto", "belt": "cinto", "belts": "cinto", "drunk": "bebado",
        "fine": "multa", "fines": "multas", "fined": "multado", "penalty": "multa", "penalties": "multas",
        "seized": "apreenderam", "seize": "apreensao", "seizure": "apreensao", "impounded": "apreenderam",
        "impound": "apreensao", "towed": "guincharam", "confiscated": "apreenderam",
        "plate": "placa", "bus": "onibus", "coach": "onibus", "buses": "onibus", "minibus": "microonibus",
        "car": "carro", "cars": "carros", "vehicle": "veiculo", "vehicles": "veiculos", "driver": "motorista",
        "ticket": "passagem", "tickets": "passagens", "sell": "vender", "selling": "vendendo", "sells": "vende",
        "complaint": "denuncia", "complain": "denunciar", "report": "denunciar", "reporting": "denunciar",
        "insurance": "seguro", "inspection": "vistoria", "registration": "cadastro", "register": "cadastro",
        "valid": "valido", "validity": "validade", "expire": "vence", "expires": "vence", "expired": "vencido",
        "documents": "documentos", "document": "documento", "papers": "documentos", "need": "preciso",
        "tourism": "turismo", "tourist": "turistico", "tour": "turismo", "school": "escolar",
        "students": "estudantes", "workers": "trabalhadores", "employees": "empregados",
        "passenger": "passageiro", "passengers": "passageiros", "seats": "lugares", "seat": "lugar",
        "can": "pode", "may": "pode", "allowed": "permitido", "forbidden": "proibido", "legal": "permitido",
        "what": "qual", "which": "qual", "who": "quem", "where": "onde", "when": "quando", "how": "como",
        "deadline": "prazo", "days": "dias", "appeal": "recurso", "defence": "defesa", "defense": "defesa",
        "law": "lei", "article": "artigo", "authorisation": "autorizacao", "authorization": "autorizacao",
        "authorised": "autorizado", "authorized": "autorizado", "permit": "autorizacao", "license": "autorizacao",
        "licence": "autorizacao", "company": "empresa", "operator": "empresa", "age": "idade", "old": "idade",
        "year": "ano", "years": "anos", "trip": "viagem", "trips": "viagens", "travel": "viagem",
        "route": "itinerario", "modality": "modalidade", "type": "modalidade", "kind": "modalidade",
        "fee": "taxa", "fees": "taxas", "release": "liberacao", "released": "liberado", "back": "liberar",
        "recife": "recife", "pernambuco": "pernambuco", "acre": "acre", "hello": "ola", "hi": "ola",
        "thanks": "obrigado", "help": "ajuda", "restart": "recomecar", "cancel": "cancelar", "quit": "sair",
        "yes": "sim", "today": "hoje", "yesterday": "ontem", "my": "meu", "i": "eu", "sticker": "adesivo",
    },
    "es": {
        "fletamento": "fretamento", "fletado": "fretado", "flete": "fretamento", "alquiler": "fretamento",
        "clandestino": "clandestino", "transporte": "transporte", "cinturon": "cinto", "cinturones": "cinto", "borracho": "bebado",
        "multa": "multa", "multas": "multas", "sancion": "multa", "incautaron": "apreenderam",
        "incautado": "apreendido", "incautada": "apreendida", "incautacion": "apreensao", "decomiso": "apreensao",
        "retuvieron": "retiveram", "confiscaron": "apreenderam", "secuestraron": "apreenderam",
        "placa": "placa", "matricula": "placa", "patente": "placa", "autobus": "onibus", "bus": "onibus",
        "omnibus": "onibus", "micro": "micro", "coche": "carro", "vehiculo": "veiculo",
        "conductor": "motorista", "chofer": "motorista", "pasaje": "passagem", "pasajes": "passagens",
        "boleto": "passagem", "boletos": "passagens", "billete": "passagem", "billetes": "passagens",
        "vender": "vender", "venden": "vendem", "vendiendo": "vendendo", "denuncia": "denuncia",
        "queja": "queixa", "reclamo": "reclamacao", "seguro": "seguro", "inspeccion": "vistoria",
        "valido": "valido", "vigencia": "validade", "vence": "vence",
        "vencido": "vencido", "documentos": "documentos", "necesito": "preciso", "necesita": "precisa",
        "turismo": "turismo", "turistico": "turistico", "escolar": "escolar", "estudiantes": "estudantes",
        "trabajadores": "trabalhadores", "empleados": "empregados", "pasajero": "passageiro",
        "pasajeros": "passageiros", "asientos": "lugares", "plazas": "lugares", "puede": "pode",
        "pueden": "podem", "puedo": "posso", "permitido": "permitido", "prohibido": "proibido",
        "cual": "qual", "cuales": "quais", "cuanto": "quanto", "cuantos": "quantos", "cuantas": "quantas",
        "quien": "quem", "donde": "onde", "cuando": "quando", "plazo": "prazo", "dias": "dias",
        "recurso": "recurso", "defensa": "defesa", "ley": "lei", "articulo": "artigo",
        "autorizacion": "autorizacao", "autorizado": "autorizado", "permiso": "autorizacao",
        "empresa": "empresa", "antiguedad": "idade", "edad": "idade", "ano": "ano", "anos": "anos",
        "viaje": "viagem", "viajes": "viagens", "ruta": "itinerario", "itinerario": "itinerario",
        "modalidad": "modalidade", "tasa": "taxa", "tasas": "taxas", "liberar": "liberar",
        "liberacion": "liberacao", "hola": "ola", "gracias": "obrigado", "ayuda": "ajuda",
        "reiniciar": "recomecar", "cancelar": "cancelar", "salir": "sair", "mi": "meu", "mis": "meus",
        "si": "se", "hoy": "hoje", "ayer": "ontem", "anteayer": "anteontem", "yo": "eu", "tengo": "tenho", "pegatina": "adesivo",
        "camioneta": "van", "furgoneta": "van", "combi": "van", "siete": "7", "hay": "existe",
    },
}

# Whole-message answers only: inside a sentence "no" is also Portuguese ("no fretamento"),
# and the suggestion buttons send their Portuguese text whatever the interface language.
ANSWERS = {"en": {"no": "nao", "nope": "nao", "yes": "sim", "skip": "pular", "today": "hoje"},
           "es": {"no": "nao", "si": "sim", "saltar": "pular", "omitir": "pular", "hoy": "hoje"}}

_WORD = re.compile(r"[\w/]+")


def to_portuguese(message: str, language: str) -> str:
    """The message with English or Spanish domain words replaced by Portuguese ones.

    Returns the message unchanged for Portuguese (or any other language)."""
    lang = (language or "pt").split("_")[0].split("-")[0].lower()
    if lang not in WORDS:
        return message
    text = fold(message.lower())
    bare = text.strip(" .!?¡¿")
    if bare in ANSWERS[lang]:
        return ANSWERS[lang][bare]
    for pattern, replacement in PHRASES[lang]:
        text = re.sub(pattern, replacement, text)
    words = WORDS[lang]
    return _WORD.sub(lambda m: words.get(m.group(0), m.group(0)), text)
