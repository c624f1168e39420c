"""Everyday words and the statutes' words for the same thing.

Each group lists phrases that mean the same to a passenger or an operator; a query
that contains one of them also searches for the others (at a lower weight, so the
user's own word still ranks first).  Phrases are written as people write them;
they go through the same analysis as the statutes, so accents and plurals do not
matter here.  A ``->`` group is one-way: the words on the left (slang, a
question's wording) lead to the statute's words, not the reverse.
"""

from __future__ import annotations

SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("van", "micro-ônibus", "microônibus", "microbus", "minibus", "utilitário"),
    ("dentro", "interior", "no interior"),
    ("ônibus", "busão", "buzão", "busao", "coletivo"),
    ("fretado", "fretamento", "fretar", "charter"),
    ("terminal rodoviário", "terminais rodoviários", "terminal de passageiros"),
    ("multa", "penalidade", "infração", "autuação", "auto de infração"),
    ("apreendido", "apreensão", "apreenderam", "apreender", "recolhido ao depósito"),
    ("retido", "retenção", "reter"),
    ("guinchado", "remoção", "removido", "reboque"),
    ("clandestino", "sem autorização", "transporte clandestino", "pirata", "irregular"),
    ("crc", "certificado de registro cadastral"),
    ("vistoria", "inspeção", "inspecao veicular"),
    ("seguro", "apólice", "responsabilidade civil"),
    ("carro", "automóvel", "veículo tipo automóvel"),
    ("7 lugares", "07 (sete) pessoas", "sete pessoas", "sete lugares"),
    ("passagem", "bilhete", "ticket", "passagem individual"),
    ("vender", "venda", "cobrança individual", "cobrar"),
    ("lista de passageiros", "relação de passageiros"),
    ("em pé", "passageiros em pé", "sentados", "sentado", "lotação", "superlotação"),
    ("recurso", "recorrer", "apelar", "jari"),
    ("defesa", "defender", "contestar", "impugnar"),
    ("prazo", "dias", "tempo"),
    ("turismo", "turístico", "passeio", "excursão", "cadastur"),
    ("escola", "alunos", "estudantes", "escolar"),
    ("empresa", "pessoa jurídica", "autorizatária", "transportadora", "operadora"),
    ("mei", "microempreendedor individual"),
    ("cooperativa", "cooperado", "cooperados"),
    ("motorista", "condutor"),
    ("placa", "emplacado", "emplacamento"),
    ("idade", "anos de fabricação", "ano de fabricação", "anos de uso", "velho", "antigo"),
    ("tacógrafo", "registrador instantâneo inalterável de velocidade e tempo"),
    ("gps", "rastreador"),
    ("adesivo", "selo", "envelopamento", "envelopado"),
    ("denúncia", "denunciar", "reclamação", "reclamar", "queixa"),
    ("taxa", "tarifa", "emolumento"),
    ("permissionário", "permissão"),
    ("transporte complementar", "stcp", "complementar", "kombi", "topic", "alternativo"),
    ("der", "departamento de estradas de rodagem", "artesp"),
    ("epti", "empresa pernambucana de transporte intermunicipal"),
    ("ageac", "agência reguladora dos serviços públicos do estado do acre"),
    ("idoso", "sessenta anos", "gratuidade", "gratuito"),
    ("documentos", "documentação", "certidões", "requerimento"),
    ("placa vermelha", "categoria aluguel"),
    ("depósito", "pátio", "estadia", "estada", "diária"),
    ("liberar", "liberação", "restituição", "devolver", "retirar"),
)

ONE_WAY: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("vale", "valer", "quanto tempo", "vencimento", "vence", "dura"), ("validade", "vencimento", "ano")),
    (("renovar", "renovação"), ("renovado", "renovada", "antecedência")),
    (("usar", "parar", "embarcar"), ("utilização",)),
    (("pegar passageiro", "pegar passageiros"), ("embarque",)),
    (("quanto custa", "quanto é", "quanto pago", "valor", "preço"), ("valor", "valores", "R$")),
    (("cabe", "cabem", "caber", "quantos passageiros", "quantas pessoas", "quantos lugares"), ("capacidade", "lotação")),
    (("levar", "trazer", "apresentar"), ("apresentar", "documentos")),
    (("atraso", "atrasou", "atrasar", "quebrou", "quebra", "quebrar", "quebrado", "estragou", "pifou", "pane", "enguiçou"), ("retardamento", "interrupção", "avaria")),
    (("trocar", "troca", "substituir", "incluir", "colocar outro"), ("substituição", "inclusão")),
    (("primeiro dia", "contar o prazo", "contagem"), ("contagem dos prazos", "dia de início", "dia de vencimento")),
    # "Clandestino" is Acre's word; Recife and Pernambuco say "transporte remunerado sem autorização".
    (("clandestino", "clandestinos", "pirata", "piratas"), ("transporte remunerado",)),
    (("quem analisa", "quem julga", "quem decide", "quem cuida", "analisa", "analisar"), ("apreciar", "compete", "julgar")),
    (("demora", "demorar", "leva quanto tempo"), ("prazo",)),
    (("liberar o crc", "sair o crc", "tirar o crc", "emitir o crc", "emissão do crc"), ("fornecido", "emitido", "emissão")),
    (("preso", "presa", "fica no pátio", "fica quanto tempo"), ("custódia", "perdurará", "mínimo")),
    (("suspenso", "suspensão"), ("suspensão",)),
    (("cassado", "cassação", "cancelado"), ("cancelamento", "cassação")),
    # What people name is one kind of what the statutes name in general.
    (("faca", "facas", "facão", "canivete", "revólver", "pistola", "armado"), ("arma",)),
    # ("Xingar o fiscal" is "desacato", not rudeness.)
    (("grosso", "grossa", "grosseria", "grosseiro", "mal educado", "mal-educado", "sem educação"), ("polidez", "urbanidade")),
    # Being drunk is "embriaguez" ("bêbado" is left out: its stem is drinking's, the law's "ingestão … de
    # bebida alcoólica").
    (("alcoolizado", "alcoolizada", "embriagado", "embriagada", "cachaça"), ("embriaguez",)),
)


# Words whose everyday sense differs from the statutes' use of the same stem: they
# are searched only through their replacements.  "Rodoviária" is the bus station;
# "rodoviário" in the statutes is the adjective of every "transporte rodoviário".
REWRITES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("rodoviária", "rodoviárias", "rodoviaria"), ("terminal rodoviário", "terminais rodoviários")),
    (("idoso", "idosos", "idosa", "idosas", "terceira idade"), ("sessenta anos", "gratuito", "idosas")),
    # "Falta de vistoria": the inspection not done.  The statutes say it with "sem", "não" or
    # "deixar de" (too common to search for), while their "falta" is a fault; the thing missing is the query.
    (("falta de", "faltando", "sem ter"), ()),
)

# Words that place a question in one jurisdiction.  They do not filter (the
# person may be wrong about which law applies); they rank that law's units higher.
JURISDICTION_HINTS: dict[str, tuple[str, ...]] = {
    "pe": ("pernambuco", "pernambucano", "epti", "jari"),
    "sp": ("são paulo", "sp", "paulista", "der", "artesp", "mvr"),
    "ac": ("acre", "acreano", "ageac", "rio branco", "ufirac", "ufiracs"),
    "recife": ("recife", "stcp", "complementar", "transporte complementar", "cmtt", "cdtc", "permissionário"),
}
