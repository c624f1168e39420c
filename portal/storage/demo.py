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

from .registry_import import OPERATOR_COLUMNS, VEHICLE_COLUMNS, csv_text


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


# plate, jurisdiction, what is wrong with it (None: regular), vehicle type, seats
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
    ("FRT4E22", "sp", None, "onibus", 46),
    ("DSP7A31", "sp", "vistoria_vencida", "onibus", 44),
    ("MZO2C13", "ac", None, "micro_onibus", 24),
    ("PGR6D78", "recife", None, "micro_onibus", 16),
]

NAMES = ["Rota", "Sertão", "Litoral", "Capibaribe", "Agreste", "Mar Azul", "Vale", "Estrela", "Caminho", "Horizonte", "Serra", "Brisa"]
SUFFIXES = ["Turismo", "Transportes", "Fretamento", "Viagens", "Tour"]


def generate(today: date | None = None, ordinary_vehicles: int = 300, seed: int = 2026) -> tuple[str, str]:
    """(operators CSV, vehicles CSV) for the demonstration registry."""
    today = today or clock.today()  # Brasília time: the demo registry spans every place
    rng = random.Random(seed)
    operators: list[dict] = []
    vehicles: list[dict] = []

    def operator(n: int, jurisdicao: str, situacao: str = "ativo", crc_vencido: bool = False) -> dict:
        digits = cnpj_with_check_digits(f"{10000000 + n * 7919:08d}0001")
        name = f"{NAMES[n % len(NAMES)]} {SUFFIXES[n % len(SUFFIXES)]}"
        emissao = today - timedelta(days=400 if crc_vencido else rng.randint(10, 300))
        record = {
            "cnpj": formatted_cnpj(digits), "razao_social": f"{name} Ltda. (demonstração)", "nome_fantasia": name,
            "jurisdicao": jurisdicao, "crc_numero": f"DEMO-{jurisdicao.upper()}-{n:04d}", "crc_emissao": emissao.isoformat(),
            "crc_validade": (emissao + timedelta(days=365)).isoformat(), "situacao": situacao,
            "modalidades": "eventual|turistico" if n % 2 else "continuo|eventual", "telefone": "", "email": "",
        }
        operators.append(record)
        return record

    def vehicle(placa: str, op: dict, tipo: str, lugares: int, *, vistoria_ok=True, seguro_ok=True, situacao="ativo", max_age: int | None = None) -> None:
        age = rng.randint(1, 12)
        if max_age is not None:  # showcase vehicles stay within every place's age limit (Recife: 6 years)
            age = min(age, max_age)
        vehicles.append({
            "placa": placa, "cnpj": op["cnpj"], "tipo": tipo, "lugares": lugares, "ano_fabricacao": today.year - age,
            "vistoria_validade": (today + timedelta(days=rng.randint(30, 300) if vistoria_ok else -rng.randint(5, 90))).isoformat(),
            "seguro_validade": (today + timedelta(days=rng.randint(30, 300) if seguro_ok else -rng.randint(5, 90))).isoformat(),
            "situacao": situacao,
        })

    regular = {j: operator(i, j) for i, j in enumerate(("pe", "sp", "ac", "recife"), start=1)}
    special = {
        "crc_vencido": operator(11, "pe", crc_vencido=True),
        "crc_suspenso": operator(12, "pe", situacao="suspenso"),
        "crc_cancelado": operator(13, "pe", situacao="cancelado"),
        "varios": operator(14, "pe", situacao="suspenso", crc_vencido=True),
    }
    for placa, jurisdicao, problem, tipo, lugares in SHOWCASE:
        op = special.get(problem, regular[jurisdicao])
        vehicle(
            placa, op, tipo, lugares,
            vistoria_ok=problem not in ("vistoria_vencida", "varios"),
            seguro_ok=problem not in ("seguro_vencido", "varios"),
            situacao="retirado" if problem == "veiculo_retirado" else "ativo", max_age=5,
        )
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    used = {p for p, *_ in SHOWCASE}
    extra_ops = [operator(20 + i, ("pe", "pe", "sp", "ac", "recife")[i % 5]) for i in range(10)]
    while len(vehicles) < len(SHOWCASE) + ordinary_vehicles:
        placa = "".join(rng.choice(letters) for _ in range(3)) + str(rng.randint(0, 9)) + rng.choice(letters[:10]) + f"{rng.randint(0, 99):02d}"
        if placa in used:
            continue
        used.add(placa)
        roll = rng.random()
        tipo = rng.choice(["onibus", "micro_onibus", "automovel"])
        lugares = {"automovel": 7, "micro_onibus": rng.choice([16, 20, 24, 28]), "onibus": rng.choice([40, 44, 46])}[tipo]
        vehicle(placa, rng.choice(extra_ops), tipo, lugares, vistoria_ok=roll > 0.08, seguro_ok=roll < 0.92 or roll > 0.96)
    return csv_text(operators, OPERATOR_COLUMNS), csv_text(vehicles, VEHICLE_COLUMNS)


def as_files(today: date | None = None, ordinary_vehicles: int = 300) -> tuple[io.BytesIO, io.BytesIO]:
    operators_csv, vehicles_csv = generate(today, ordinary_vehicles)
    return io.BytesIO(operators_csv.encode()), io.BytesIO(vehicles_csv.encode())
