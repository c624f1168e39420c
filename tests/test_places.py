"""knowledge.places is the one list of places; the law catalogue and the complaints read it."""

from datetime import date

from knowledge import citations, complaints, vigencia
from knowledge.laws import LAWS, JURISDICTIONS
from knowledge.places import PLACE_IDS, PLACES


def test_each_place_has_one_law_of_the_catalogue_and_each_law_one_place():
    assert sorted(place.law_id for place in PLACES.values()) == sorted(LAWS)
    assert {law_id: info.jurisdiction for law_id, info in LAWS.items()} == {
        "pe-lei-16205-2017": "pe", "sp-decreto-29912-1989": "sp", "ac-lei-2731-2013": "ac", "recife-lei-16856-2003": "recife",
    }
    assert JURISDICTIONS == {"pe": "Pernambuco", "sp": "São Paulo", "ac": "Acre", "recife": "Recife"}
    assert (citations.PE, citations.SP, citations.AC, citations.RECIFE) == tuple(PLACES[p].law_id for p in ("pe", "sp", "ac", "recife"))
    assert complaints.JURISDICTIONS == PLACE_IDS == ("pe", "sp", "ac", "recife")


def test_the_law_page_names_the_places_agency_unless_the_law_names_more():
    assert LAWS["pe-lei-16205-2017"].regulator == PLACES["pe"].agency == "EPTI — Empresa Pernambucana de Transporte Intermunicipal"
    assert LAWS["ac-lei-2731-2013"].regulator == PLACES["ac"].agency
    assert LAWS["sp-decreto-29912-1989"].regulator == "DER-SP — Departamento de Estradas de Rodagem (atribuições hoje exercidas pela ARTESP)"
    assert LAWS["recife-lei-16856-2003"].regulator == "Prefeitura do Recife — CMTT/Recife e CDTC"


def test_entry_into_force_is_read_from_vigencia_yaml():
    assert PLACES["pe"].in_force == LAWS["pe-lei-16205-2017"].in_force_since == vigencia.in_force("pe-lei-16205-2017") == date(2018, 2, 22)
    assert PLACES["ac"].in_force == date(2013, 12, 21)


def test_complaints_name_the_places_agency():
    assert {p: r.sigla for p, r in complaints.REGULATORS.items()} == {"pe": "EPTI", "sp": "DER", "ac": "AGEAC", "recife": "Prefeitura do Recife"}
    assert complaints.REGULATORS["pe"].nome == PLACES["pe"].agency_name == "Empresa Pernambucana de Transporte Intermunicipal"
    assert complaints.REGULATORS["ac"].nome == PLACES["ac"].agency_name
    # São Paulo's and Recife's complaint pages say which body the statute names.
    assert complaints.REGULATORS["sp"].nome == "Departamento de Estradas de Rodagem — o órgão que o Decreto 29.912/1989 nomeia"
    assert complaints.REGULATORS["recife"].nome == "Prefeitura do Recife — fiscalização do STCP/Recife"
    assert PLACES["recife"].agency == "Prefeitura do Recife — CMTT/Recife"
