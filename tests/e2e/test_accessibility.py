"""Accessibility in a real browser: axe-core audit of every page in every language,
reflow at 320 px and 200% zoom, and keyboard-only use of a wizard."""

from __future__ import annotations

import pytest

from .conftest import AXE, DESKTOP, PHONE, SCREENSHOTS, SCREENSHOTS_ON

PAGES = [
    ("inicio", "/"),
    ("busca", "/busca?q=pode+vender+passagem+individual"),
    ("busca-vazia", "/busca"),
    ("leis", "/leis"),
    ("lei-recife", "/leis/recife-lei-16856-2003"),
    ("dispositivo", "/leis/pe-lei-16205-2017/art-28/inc-4"),
    ("dispositivo-em-data", "/leis/pe-lei-16205-2017/art-28/inc-4?data=2019-05-01"),
    ("dispositivo-inexistente-na-data", "/leis/pe-lei-16205-2017/art-29-a?data=2019-05-01"),
    ("assistentes", "/assistentes/"),
    ("assistente-pergunta", "/assistentes/modalidade?jurisdicao=pe"),
    ("assistente-erro", "/assistentes/modalidade?jurisdicao=pe&_enviado=intermunicipal"),
    ("assistente-resultado", "/assistentes/veiculo_apreendido?jurisdicao=recife&medida=apreensao&data_medida=2026-11-02&data_notificacao=2026-11-06&tinha_autorizacao=nao&reincidente_12m=nao&dias_deposito=&ver=resultado"),
    ("consulta", "/consulta"),
    ("consulta-irregular", "/consulta?placa=KHD1A11"),
    ("consulta-erro", "/consulta?placa=12"),
    ("consulta-desconhecida", "/consulta?placa=ABC1234"),
    ("consulta-impressao", "/consulta?placa=KHD1A11&imprimir=1"),
    ("assistente-impressao", "/assistentes/documentos_crc?data_pedido=&natureza=cooperativa&modalidades=eventual&estabelecimento_pe=nao&usa_onibus=sim&veiculos_proprios=1&veiculos_locados=0&ver=resultado&imprimir=1"),
    ("lei-pe", "/leis/pe-lei-16205-2017"),
    ("lei-sp-parte", "/leis/sp-decreto-29912-1989/parte/1"),
    ("lei-ac-capitulo", "/leis/ac-lei-2731-2013/parte/9"),
    ("lei-pe-capitulo-em-data", "/leis/pe-lei-16205-2017/parte/6?data=2019-05-01"),
    ("acompanhar", "/denuncia/acompanhar"),
    ("acompanhar-erro", "/denuncia/acompanhar?protocolo=EL-2026-0000-0000-0000"),
    ("denuncia", "/denuncia?placa=KGT2E47&ocorrencias=porta_aberta"),
    ("conversa", "/assistente"),
    ("equipe-entrar", "/admin/entrar"),
    ("veiculo-qr", "/v/PFX1J60"),
    ("veiculo-qr-irregular", "/v/KHD1A11"),
    ("veiculo-qr-desconhecido", "/v/ABC1234"),
    ("dados-abertos", "/dados-abertos"),
    ("comparar", "/comparar"),
    ("comparar-2019", "/comparar?data=2019-05-01"),
    ("nao-encontrada", "/pagina-que-nao-existe"),
]
LANGUAGES = ["pt_BR", "en", "es"]
BLOCKING = {"serious", "critical"}


@pytest.fixture(scope="module")
def audit_page(browser, live_server):
    """One page for the audits in all three languages (the language is in each URL): axe-core
    is loaded once into the context and present on every page it opens."""
    context = browser.new_context(viewport=PHONE, locale="pt-BR", bypass_csp=True)
    if AXE.exists():
        context.add_init_script(path=str(AXE))
    pg = context.new_page()
    yield pg
    context.close()


@pytest.fixture(scope="module")
def receipt(live_server) -> str:
    """A complaint's protocol, for auditing its receipt page."""
    return live_server["app"].test_client().post(
        "/api/v1/denuncias", json={"jurisdicao": "recife", "data_ocorrencia": "2026-11-20", "ocorrencias": ["sem_autorizacao", "porta_aberta"]}
    ).get_json()["protocolo"]


SEARCH_LINK = {"pt_BR": "Buscar nas leis", "en": "Search the law", "es": "Buscar en las leyes"}


def run_axe(pg) -> list[dict]:
    """The violations on the page (axe-core is there already: ``audit_page``'s init script)."""
    return pg.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
             .map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )


@pytest.mark.skipif(not AXE.exists(), reason="axe-core não instalado (scripts/install-test-deps.sh)")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_or_critical_violations(audit_page, live_server, receipt, lang):
    problems = []
    for name, path in PAGES + [("recibo", f"/denuncia/{receipt}?nova=1")]:
        joiner = "&" if "?" in path else "?"
        audit_page.goto(f"{live_server['url']}{path}{joiner}lang={lang}")
        # the interface really is in that language (a stale or missing catalog shows Portuguese)
        assert audit_page.get_attribute("html", "lang") == lang.replace("_", "-")
        nav = audit_page.text_content("nav.main-nav")  # the menu starts closed on a phone (issue #31)
        assert SEARCH_LINK[lang] in nav, (name, lang, nav[:200])
        violations = [v for v in run_axe(audit_page) if v["impact"] in BLOCKING]
        problems += [(name, v["id"], v["help"], v["nodes"]) for v in violations]
        if SCREENSHOTS_ON:
            SCREENSHOTS.mkdir(exist_ok=True)
            audit_page.screenshot(path=str(SCREENSHOTS / f"pagina-{name}-{lang}-360.png"), full_page=True)
            audit_page.set_viewport_size(DESKTOP)
            audit_page.screenshot(path=str(SCREENSHOTS / f"pagina-{name}-{lang}-1280.png"), full_page=False)
            audit_page.set_viewport_size(PHONE)
    assert problems == [], "\n".join(map(str, problems))


@pytest.mark.parametrize("width", [320, 640])  # 320 CSS px, and 1280 px at 200% zoom
def test_reflow_without_horizontal_scrolling(browser, live_server, width):
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="pt-BR")
    pg = context.new_page()
    try:
        for name, path in PAGES:
            pg.goto(live_server["url"] + path)
            overflow = pg.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, f"{name} scrolls sideways by {overflow}px at {width}px"
    finally:
        context.close()


def test_keyboard_only_wizard(browser, live_server):
    context = browser.new_context(viewport=PHONE, locale="pt-BR")
    pg = context.new_page()
    try:
        pg.goto(live_server["url"] + "/assistentes/veiculo_apreendido")
        pg.keyboard.press("Tab")
        assert pg.evaluate("document.activeElement.className") == "skip-link"
        pg.keyboard.press("Enter")
        # Reach the first option with the keyboard, choose it, and submit.
        for _ in range(40):
            pg.keyboard.press("Tab")
            if pg.evaluate("document.activeElement.name") == "jurisdicao":
                break
        pg.keyboard.press("Space")
        for _ in range(20):
            pg.keyboard.press("Tab")
            if pg.evaluate("document.activeElement.type") == "submit":
                break
        pg.keyboard.press("Enter")
        pg.wait_for_selector("[name=medida]")
        # After the swap the new question has the focus, so keyboard users can go on.
        assert "O que fizeram com o veículo?" in pg.evaluate("document.activeElement.textContent")
    finally:
        context.close()
