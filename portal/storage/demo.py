"""A generated demonstration registry (clearly marked as such wherever it shows).

It has regular vehicles in every jurisdiction and every kind of irregularity, on
fixed, easy-to-remember plates listed in :data:`SHOWCASE` (the README lists them),
plus a few hundred ordinary vehicles.  Dates are relative to the day it is
generated, so the showcase stays true however long after it is loaded.
The same generator, at scale, feeds ``benchmarks/lookup.py``.
"""

from __future__ import annotations

import io
import random
from datetime import date, timedelta

from knowledge import clock

from .registry_import import OPERATOR_COLUMNS, OPERATOR_OPTIONAL, VEHICLE_COLUMNS, VEHICLE_OPTIONAL, csv_text


def cnpj_with_check_digits(base12: str) -> str:
    """A CNPJ (14 digits) whose check digits are right, from its first 12 digits."""
    def digit(numbers: str, weights: list[int]) -> str:
        total = sum(int(n) * w for n, w in zip(numbers, weights))
        rest = total % 11
        return "0" if rest < 2 else str(11 - rest)

    first = digit(base12, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    second = digit(base12 + first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    return base12 + first + second


def formatted_cnpj(digits: str) -> str:
    return f"{digits[:2]}.{digits[2:5]}.{digits[5:8]}/{digits[8:12]}-{digits[12:]}"


# plate, jurisdiction, what is wrong with it (None: regular), vehicle type, seats.
# Every place's own cases (issue #28): the law's terms, types, categories, ages, seats, the
# one-vehicle rule, expired, suspended and cancelled registrations — each in that law's words.
SHOWCASE = [
    ("KGT2E47", "pe", None, "onibus", 44),
    ("PFX1960", "pe", None, "micro_onibus", 20),  # registered in the old form; QUA… style lookup: PFX1J60
    ("PEA3B21", "pe", "crc_vencido", "onibus", 46),
    ("PED4C55", "pe", "crc_suspenso", "micro_onibus", 24),
    ("PEF5D88", "pe", "crc_cancelado", "onibus", 42),
    ("KHB7F12", "pe", "vistoria_vencida", "onibus", 44),
    ("KHC8G34", "pe", "seguro_vencido", "automovel", 7),
    ("PEG9H90", "pe", "veiculo_retirado", "onibus", 40),
    ("KHD1A11", "pe", "varios", "micro_onibus", 28),
    ("PEH2A10", "pe", "crc_prazo_da_lei", "onibus", 44),  # CRC issued over a year ago, registry says valid: art. 8º
    ("PEJ3B20", "pe", "automovel_capacidade", "automovel", 5),  # art. 3º, § 3º: only the 7-seat automobile
    ("FRT4E22", "sp", None, "onibus", 46),
    ("DSP7A31", "sp", "vistoria_vencida", "onibus", 44),
    ("SPJ5A67", "sp", "seguro_so_informacao", "onibus", 44),  # no insurance rule in São Paulo: still regular
    ("SPA1B23", "sp", "tipo_nao_admitido", "automovel", 7),  # art. 19, VI: M3 buses, M2/M3 microbuses only
    ("SPC2D34", "sp", "idade_maxima", "onibus", 46),  # art. 22, § 1º: 20 years
    ("SPE3F45", "sp", "idade_ingresso", "micro_onibus", 24),  # art. 19, VI: less than 15 years at registration
    ("SPG4H56", "sp", "crc_cancelado", "onibus", 44),  # "cassação de registro", art. 34, V
    ("MZO2C13", "ac", None, "micro_onibus", 24),
    ("ACB1C22", "ac", "vistoria_so_informacao", "onibus", 44),  # art. 36 is for regular lines; fretamento: art. 66
    ("ACD2E33", "ac", "seguro_vencido", "onibus", 42),  # art. 94
    ("PGR6D78", "recife", None, "micro_onibus", 16),
    ("RCA1B11", "recife", "mais_de_um_veiculo", "micro_onibus", 16),  # art. 3º, § 2º: one vehicle per permission
    ("RCA1B12", "recife", "mais_de_um_veiculo", "micro_onibus", 16),
    ("RCC2D22", "recife", "idade_maxima", "micro_onibus", 16),  # art. 17, II: up to 6 years of fabrication
    ("RCE3F33", "recife", "crc_cancelado", "micro_onibus", 16),  # "cassação da permissão", art. 33, IV
    ("RCG4H44", "recife", "permissionario_pessoa_juridica", "micro_onibus", 16),  # art. 6º: pessoa física only
]

NAMES = ["Rota", "Sertão", "Litoral", "Capibaribe", "Agreste", "Mar Azul", "Vale", "Estrela", "Caminho", "Horizonte", "Serra", "Brisa"]
SUFFIXES = ["Turismo", "Transportes", "Fretamento", "Viagens", "Tour"]
# Each place's registration term in days, for the demo's dates (the law's: knowledge/parameters).
TERM_DAYS = {"pe": 365, "sp": 5 * 365, "ac": 2 * 365, "recife": 365}


def generate(today: date | None = None, ordinary_vehicles: int = 300, seed: int = 2026) -> tuple[str, str]:
    """(operators CSV, vehicles CSV) for the demonstration registry."""
    today = today or clock.today()  # Brasília time: the demo registry spans every place
    rng = random.Random(seed)
    operators: list[dict] = []
    vehicles: list[dict] = []

    def operator(n: int, jurisdicao: str, situacao: str = "ativo", crc_vencido: bool = False, *, past_legal_term: bool = False, pessoa: str = "") -> dict:
        digits = cnpj_with_check_digits(f"{10000000 + n * 7919:08d}0001")
        name = f"{NAMES[n % len(NAMES)]} {SUFFIXES[n % len(SUFFIXES)]}"
        term = TERM_DAYS[jurisdicao]
        emissao = today - timedelta(days=term + 35 if crc_vencido or past_legal_term else rng.randint(10, min(term, 700) - 30))
        validade = emissao + timedelta(days=term)
        if past_legal_term:  # the registry claims more than the law's one year
            validade = today + timedelta(days=400)
        if jurisdicao == "recife":
            modalidades, razao = "stcp", (f"{name} Ltda. (demonstração)" if pessoa == "juridica" else f"Permissionário {n} (demonstração)")
            pessoa = pessoa or "fisica"
        else:
            modalidades = ("continuo|eventual" if jurisdicao == "sp" else "eventual|turistico" if n % 2 else "continuo|eventual")
            razao = f"{name} Ltda. (demonstração)"
        record = {
            "cnpj": formatted_cnpj(digits), "razao_social": razao, "nome_fantasia": "" if pessoa == "fisica" else name,
            "jurisdicao": jurisdicao, "crc_numero": f"DEMO-{jurisdicao.upper()}-{n:04d}", "crc_emissao": emissao.isoformat(),
            "crc_validade": validade.isoformat(), "situacao": situacao,
            "modalidades": modalidades, "telefone": "", "email": "", "pessoa": pessoa,
        }
        operators.append(record)
        return record

    def vehicle(placa: str, op: dict, tipo: str, lugares: int, *, vistoria_ok=True, seguro_ok=True, situacao="ativo", max_age: int | None = None,
                age: int | None = None, categoria: str = "", entered_at_age: int | None = None) -> None:
        if age is None:
            age = rng.randint(1, 12)
            if max_age is not None:  # showcase vehicles stay within every place's age limit (Recife: 6 years)
                age = min(age, max_age)
        ano = today.year - age
        ingresso = date(ano + entered_at_age, 3, 1).isoformat() if entered_at_age is not None else ""
        vehicles.append({
            "placa": placa, "cnpj": op["cnpj"], "tipo": tipo, "lugares": lugares, "ano_fabricacao": ano,
            "vistoria_validade": (today + timedelta(days=rng.randint(30, 300) if vistoria_ok else -rng.randint(5, 90))).isoformat(),
            "seguro_validade": (today + timedelta(days=rng.randint(30, 300) if seguro_ok else -rng.randint(5, 90))).isoformat(),
            "situacao": situacao, "categoria": categoria or ({"onibus": "M3", "micro_onibus": "M3"}.get(tipo, "") if op["jurisdicao"] == "sp" else ""),
            "ingresso": ingresso,
        })

    regular = {j: operator(i, j) for i, j in enumerate(("pe", "sp", "ac", "recife"), start=1)}
    special = {
        ("pe", "crc_vencido"): operator(11, "pe", crc_vencido=True),
        ("pe", "crc_suspenso"): operator(12, "pe", situacao="suspenso"),
        ("pe", "crc_cancelado"): operator(13, "pe", situacao="cancelado"),
        ("pe", "varios"): operator(14, "pe", situacao="suspenso", crc_vencido=True),
        ("pe", "crc_prazo_da_lei"): operator(15, "pe", past_legal_term=True),
        ("sp", "crc_cancelado"): operator(16, "sp", situacao="cancelado"),
        ("recife", "mais_de_um_veiculo"): operator(17, "recife"),
        ("recife", "idade_maxima"): operator(18, "recife"),
        ("recife", "crc_cancelado"): operator(19, "recife", situacao="cancelado"),
        ("recife", "permissionario_pessoa_juridica"): operator(30, "recife", pessoa="juridica"),
        ("recife", None): regular["recife"],
    }
    ages = {"idade_maxima": {"sp": 22, "recife": 8}, "idade_ingresso": {"sp": 17}}
    for placa, jurisdicao, problem, tipo, lugares in SHOWCASE:
        op = special.get((jurisdicao, problem), regular[jurisdicao])
        vehicle(
            placa, op, tipo, lugares,
            vistoria_ok=problem not in ("vistoria_vencida", "varios", "vistoria_so_informacao"),
            seguro_ok=problem not in ("seguro_vencido", "varios", "seguro_so_informacao"),
            situacao="retirado" if problem == "veiculo_retirado" else "ativo", max_age=5,
            age=ages.get(problem, {}).get(jurisdicao), entered_at_age=16 if problem == "idade_ingresso" else None,
        )
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    used = {p for p, *_ in SHOWCASE}
    # Ordinary fleets in the three places whose operators hold many vehicles (a Recife permission holds one).
    extra_ops = [operator(20 + i, ("pe", "pe", "sp", "ac")[i % 4]) for i in range(10)]
    while len(vehicles) < len(SHOWCASE) + ordinary_vehicles:
        placa = "".join(rng.choice(letters) for _ in range(3)) + str(rng.randint(0, 9)) + rng.choice(letters[:10]) + f"{rng.randint(0, 99):02d}"
        if placa in used:
            continue
        used.add(placa)
        roll = rng.random()
        op = rng.choice(extra_ops)
        tipo = rng.choice(["onibus", "micro_onibus"] + ([] if op["jurisdicao"] == "sp" else ["automovel"]))
        lugares = {"automovel": 7, "micro_onibus": rng.choice([16, 20, 24, 28]), "onibus": rng.choice([40, 44, 46])}[tipo]
        vehicle(placa, op, tipo, lugares, vistoria_ok=roll > 0.08, seguro_ok=roll < 0.92 or roll > 0.96)
    return csv_text(operators, OPERATOR_COLUMNS + OPERATOR_OPTIONAL), csv_text(vehicles, VEHICLE_COLUMNS + VEHICLE_OPTIONAL)


def as_files(today: date | None = None, ordinary_vehicles: int = 300) -> tuple[io.BytesIO, io.BytesIO]:
    operators_csv, vehicles_csv = generate(today, ordinary_vehicles)
    return io.BytesIO(operators_csv.encode()), io.BytesIO(vehicles_csv.encode())
