#!/usr/bin/env python3
"""Walks both screens of `juice serve` in real Chromium (Selenium, Debian's chromium and chromium-driver), with a
second page watching every change, walks the staff panel (today's sales, tomorrow's purchase list, undo from the
journal), the stock room (deliveries, waste, a blind count while the other page orders), then restarts the server and edits the menu on disk. Saves the two screenshots the README shows and one of
the staff panel at a phone's width. Usage: browser-test.py JUICE_BINARY [SCREENSHOT_DIR]. Exits non-zero on the first failed check."""
import datetime, difflib, json, os, shutil, signal, socket, subprocess, sys, tempfile, time, urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import (ElementClickInterceptedException, ElementNotInteractableException, NoSuchElementException,
                                        StaleElementReferenceException)
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

JUICE = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/juice")
SHOTS = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "docs/images")
TOKEN = "browser-test-staff-token-4e9d1c7b2a"
work = tempfile.mkdtemp(prefix="juice-browser-")
recipes = os.path.join(work, "recipes")
state = os.path.join(work, "state.sqlite")
checks = 0


def check(condition, what):
    global checks
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    checks += 1
    print(f"ok {checks}: {what}", flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port, built_in=False):
    """`juice serve` on the test's recipes and state, or (built_in) on the built-in recipe set and a state of its own."""
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no", JUICE_STAFF_TOKEN=TOKEN, LOG_LEVEL="warning")
    env.pop("JUICE_RECIPES", None)
    if built_in:
        where = os.path.join(work, "elsewhere")
        os.makedirs(where, exist_ok=True)
        arguments = ["--state", os.path.join(where, "state.sqlite")]
    else:
        where, arguments = work, ["--recipes", recipes, "--state", state]
    server = subprocess.Popen([JUICE, "serve", "--port", str(port)] + arguments,
                              env=env, cwd=where, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    check("serving on http://127.0.0.1:" in line, f"server started ({line.strip()})")
    return server


def stop_server(server):
    server.send_signal(signal.SIGTERM)
    started = time.monotonic()
    server.wait(timeout=10)
    check(time.monotonic() - started < 5, "server stopped within 5 s of SIGTERM with pages connected")


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=900,1000", "--lang=ko-KR"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "ko-KR,ko"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # Content-Security-Policy violations are logged there
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, what, predicate, timeout=5):
    try:
        # The order screen is drawn again on every event, so an element found there a moment ago may be gone: look
        # again. (The menu screen is drawn again only when the menu it shows changed: see menu_settled.)
        WebDriverWait(driver, timeout, poll_frequency=0.05,
                      ignored_exceptions=[NoSuchElementException, StaleElementReferenceException]).until(lambda d: predicate(d))
    except Exception:
        counts = {li.get_attribute("data-fruit"): li.find_element(By.CLASS_NAME, "count").text
                  for li in driver.find_elements(By.CSS_SELECTOR, "#fruits li")}
        console = [entry["message"] for entry in driver.get_log("browser")] if hasattr(driver, "get_log") else []
        raise SystemExit(f"FAILED: {what} (within {timeout} s); the page shows {counts}; console: {console}")
    check(True, what)


def count(driver, fruit):
    return driver.find_element(By.CSS_SELECTOR, f'#fruits li[data-fruit="{fruit}"] .count').text


def juice_button(driver, juice):
    return driver.find_element(By.CSS_SELECTOR, f'#juices button[data-juice="{juice}"]')


def price_text(driver, juice):
    """The price `juice`'s order button shows (None when it shows none)."""
    prices = juice_button(driver, juice).find_elements(By.CLASS_NAME, "price")
    return prices[0].text if prices else None


def dialog_text(driver):
    """The open dialog's message ("" while no dialog is open)."""
    if not driver.find_element(By.ID, "dialog").is_displayed():
        return ""
    return driver.find_element(By.ID, "dialog-message").text


def sales_row(driver, juice):
    """(served, refused) in the staff panel's row for `juice`."""
    row = driver.find_element(By.CSS_SELECTOR, f'#sales-rows tr[data-juice="{juice}"]')
    return row.find_element(By.CLASS_NAME, "served").text, row.find_element(By.CLASS_NAME, "refused").text


def plan_row(driver, fruit):
    """(on hand, level, to buy) in the purchase list's row for `fruit`."""
    row = driver.find_element(By.CSS_SELECTOR, f'#plan-rows tr[data-fruit="{fruit}"]')
    return tuple(int(row.find_element(By.CLASS_NAME, name).text) for name in ("on-hand", "level", "to-buy"))


def click_css(driver, selector):
    """Clicks the first element `selector` matches once it can take the click: scrolled into view, retried while the
    staff panel redraws its lists or a dialog closing covers it for a moment on a loaded machine."""
    def clicked(d):
        element = d.find_element(By.CSS_SELECTOR, selector)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return True
    WebDriverWait(driver, 5, poll_frequency=0.05, ignored_exceptions=[NoSuchElementException, StaleElementReferenceException,
                                                                       ElementClickInterceptedException, ElementNotInteractableException]).until(clicked)


def click(driver, element_id):
    """Clicks the element `element_id` once it can take the click (scrolled into view; a dialog closing or a screen
    being drawn may cover it for a moment on a loaded machine)."""
    click_css(driver, f'[id="{element_id}"]')


def press(driver, button_id):
    """Presses a dialog button and waits for the dialog to close."""
    driver.find_element(By.ID, button_id).click()
    WebDriverWait(driver, 5).until(lambda d: not d.find_element(By.ID, "dialog").is_displayed())


def edit_menu(driver, kind, key, values, button):
    """On the menu screen, opens the form of a juice or fruit (key "+": a new one), types `values` (field name ->
    text) and presses `button` (a class: save, add). The screen is drawn again only when the menu changes (not on
    the stock events and orders of this page or others), so the elements found here stay on the page meanwhile."""
    details = driver.find_element(By.CSS_SELECTOR, f'#menu-screen details[data-{kind}="{key}"]')
    if details.get_attribute("open") is None:
        details.find_element(By.TAG_NAME, "summary").click()
    form = details.find_element(By.TAG_NAME, "form")
    for name, value in values.items():
        field = form.find_element(By.NAME, name)
        if field.get_attribute("value") != value:
            field.clear()
            field.send_keys(value)
    form.find_element(By.CLASS_NAME, button).click()


def menu_summary(driver, juice):
    return driver.find_element(By.CSS_SELECTOR, f'#menu-juices details[data-juice="{juice}"] summary')


def menu_draws(driver):
    """How many times the menu screen drew its lists (its `data-draws`)."""
    return int(driver.find_element(By.ID, "menu-screen").get_attribute("data-draws") or 0)


def menu_settled(driver, what):
    """Waits until the menu screen has taken in the `menu` event of the version it shows (`data-event` is the last
    event's version, `data-version` the version drawn), then a moment more for a reading that event might start."""
    def settled(d):
        screen = d.find_element(By.ID, "menu-screen")
        return screen.get_attribute("data-event") == screen.get_attribute("data-version")
    wait(driver, what, settled)
    time.sleep(0.5)


def attached(element):
    """Whether an element found earlier is still on the page (not replaced by drawing the screen again)."""
    try:
        element.tag_name
        return True
    except StaleElementReferenceException:
        return False


def changed_lines(before, after):
    """The lines a unified diff of two texts adds and removes."""
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in diff if line[:1] in "+-" and not line.startswith(("+++", "---"))]


subprocess.run([JUICE, "schema"], stdout=subprocess.DEVNULL)  # the binary runs at all
shutil.copytree(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "recipes"), recipes)
port = free_port()
server = start_server(port)
url = f"http://127.0.0.1:{port}/"
staff, watcher = browser(), browser()
try:
    for driver in (staff, watcher):
        driver.get(url)
        wait(driver, "the order screen shows every juice", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#juices button")) == 7)
    check(staff.find_element(By.ID, "order-title").text == "맛있는 쥬스를 만들어 드려요!", "the Korean title")
    check(juice_button(staff, "strawberry-banana-juice").text.startswith("딸바쥬스 주문"), "a button per juice (딸바쥬스 주문)")
    check("sold-out" in juice_button(staff, "strawberry-juice").get_attribute("class"), "딸기쥬스 is marked: it cannot be made")
    check(staff.find_elements(By.CSS_SELECTOR, "#juices .price") == [], "no juice has a price yet: no button shows one")
    os.makedirs(SHOTS, exist_ok=True)
    staff.save_screenshot(os.path.join(SHOTS, "order-screen.png"))

    # Order banana juice until the shop refuses; the other page follows every change.
    for expected in ["8", "6", "4", "2", "0"]:
        juice_button(staff, "banana-juice").click()
        wait(staff, "served: 바나나쥬스 나왔습니다!", lambda d: dialog_text(d) == "바나나쥬스 나왔습니다! 맛있게 드세요!")
        press(staff, "dialog-ok")
        wait(watcher, f"the second page sees {expected} bananas", lambda d: count(d, "banana") == expected, timeout=1.5)
    check("sold-out" in juice_button(staff, "banana-juice").get_attribute("class"), "바나나쥬스 is marked once none can be made")
    juice_button(staff, "banana-juice").click()
    wait(staff, "refused: 재료가 모자라요. 재고를 수정할까요?", lambda d: dialog_text(d) == "재료가 모자라요. 재고를 수정할까요?")
    details = staff.find_element(By.ID, "dialog-details").text
    check("바나나" in details and "2개 필요" in details, f"the refusal lists what is short ({details})")
    press(staff, "dialog-yes")
    wait(staff, "예 opens the stock screen", lambda d: d.find_element(By.ID, "stock-screen").is_displayed())
    check(staff.find_element(By.ID, "stock-title").text == "재고 추가", "the stock screen's title 재고 추가")

    # Step the stock: staged until applied.
    for _ in range(4):
        staff.find_element(By.CSS_SELECTOR, '#steppers li[data-fruit="banana"] .plus').click()
    staff.find_element(By.CSS_SELECTOR, '#steppers li[data-fruit="kiwi"] .minus').click()
    check(staff.find_element(By.CSS_SELECTOR, '#steppers li[data-fruit="banana"] .value').text == "4", "the stepper stages 4 bananas")
    time.sleep(0.5)
    check(count(watcher, "banana") == "0", "nothing changes before apply")
    staff.save_screenshot(os.path.join(SHOTS, "stock-screen.png"))
    staff.find_element(By.ID, "apply").click()
    wait(staff, "apply asks for the staff token once", lambda d: d.find_element(By.ID, "token-input").is_displayed())
    staff.find_element(By.ID, "token-input").send_keys(TOKEN)
    press(staff, "dialog-ok")
    wait(watcher, "the second page sees the applied stock (4 bananas, 9 kiwis)",
         lambda d: count(d, "banana") == "4" and count(d, "kiwi") == "9", timeout=1.5)
    staff.find_element(By.ID, "close-stock").click()

    # Order again.
    juice_button(staff, "banana-juice").click()
    wait(staff, "served again after restocking", lambda d: dialog_text(d) == "바나나쥬스 나왔습니다! 맛있게 드세요!")
    press(staff, "dialog-ok")
    wait(watcher, "the second page sees 2 bananas", lambda d: count(d, "banana") == "2", timeout=1.5)

    # The staff panel: shown once the staff token is given, never to customers.
    wait(staff, "staff see the staff panel", lambda d: d.find_element(By.ID, "staff-panel").is_displayed())
    check(not watcher.find_element(By.ID, "staff-panel").is_displayed(), "customers see no staff panel")
    wait(staff, "today's sales: 6 banana juices served, 1 refused",
         lambda d: sales_row(d, "banana-juice") == ("6", "1") and "6잔 판매, 1잔 거절" in d.find_element(By.ID, "sales-summary").text)
    wait(staff, "tomorrow's purchase list has a line per fruit",
         lambda d: len(d.find_elements(By.CSS_SELECTOR, "#plan-rows tr")) == 5)
    for fruit in ["strawberry", "banana", "pineapple", "kiwi", "mango"]:
        on_hand, level, to_buy = plan_row(staff, fruit)
        check(to_buy == max(0, level - on_hand), f"{fruit}: buy {to_buy} = max(0, level {level} - on hand {on_hand})")
    check(plan_row(staff, "banana")[0] == 2, "the purchase list starts from the 2 bananas on hand")
    check("모든 주문이 나갈 확률" in staff.find_element(By.ID, "plan-summary").text and "목표 95.0%" in staff.find_element(By.ID, "plan-summary").text,
          f"the estimated service level and the target ({staff.find_element(By.ID, 'plan-summary').text})")
    check(staff.find_element(By.CSS_SELECTOR, "#journal li").text.startswith("#"), "the journal lists the newest change first")
    staff.set_window_size(390, 900)
    time.sleep(0.3)
    check(staff.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "the panel fits a phone's width")
    staff.execute_script("document.getElementById('staff-panel').scrollIntoView()")
    staff.save_screenshot(os.path.join(SHOTS, "staff-panel.png"))
    staff.set_window_size(900, 1000)
    # Undo from the journal: the last banana juice goes back, and today's sales follow.
    staff.find_element(By.ID, "undo").click()
    wait(watcher, "undo from the panel: the second page sees 4 bananas", lambda d: count(d, "banana") == "4", timeout=1.5)
    wait(staff, "the undone order leaves today's sales", lambda d: sales_row(d, "banana-juice") == ("5", "1"))
    wait(staff, "the journal marks the undone order", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#journal li.undone")) == 1)
    check(staff.find_element(By.ID, "undo-status").text != "", f"undo says what it did ({staff.find_element(By.ID, 'undo-status').text})")
    wait(staff, "the purchase list follows the stock (4 bananas on hand)", lambda d: plan_row(d, "banana")[0] == 4)
    staff.find_element(By.ID, "lang-toggle").click()
    wait(staff, "the panel in English", lambda d: d.find_element(By.ID, "panel-title").text == "Staff panel"
         and "5 served, 1 refused" in d.find_element(By.ID, "sales-summary").text)
    staff.find_element(By.ID, "lang-toggle").click()
    wait(staff, "and back in Korean", lambda d: d.find_element(By.ID, "panel-title").text == "직원 패널")
    # With suppliers in the recipe files, the panel shows each supplier's next purchase order as a sheet to copy or print.
    fruits_file = os.path.join(recipes, "fruits.yaml")
    with open(fruits_file, encoding="utf-8") as f:
        fruits_before = f.read()
    with open(fruits_file, "w", encoding="utf-8") as f:
        f.write(fruits_before.replace("fruits:\n", "suppliers:\n  garak-market:\n    name: {ko: 가락시장 청과, en: Garak Market}\n"
                                      "    lead-time: 1\n    order-days: [mon, wed, fri]\n    minimum: 50000\n"
                                      "fruits:\n", 1)
                .replace("    emoji: 🍌\n", "    emoji: 🍌\n    shelf-life: 5\n    buy: {supplier: garak-market, pack: 12, price: 6000}\n", 1))
    sheet_selector = '#purchase-orders article[data-supplier="garak-market"] pre.sheet'
    wait(staff, "with a supplier, the panel shows its purchase order sheet",
         lambda d: any("발주서: 가락시장 청과 (garak-market)" in e.text for e in d.find_elements(By.CSS_SELECTOR, sheet_selector)), timeout=15)
    sheet = staff.find_element(By.CSS_SELECTOR, sheet_selector).text
    check("도착" in sheet and ("바나나" in sheet or "살 것 없음" in sheet), f"the sheet says when it arrives and what to order ({sheet})")
    check(len(staff.find_elements(By.CSS_SELECTOR, '#purchase-orders article[data-supplier="garak-market"] button')) == 3,
          "the sheet can be copied, printed or kept")
    # Keep the planned order, then receive it as ordered: the bananas arrive on every page.
    keep = staff.find_element(By.CSS_SELECTOR, '#purchase-orders article[data-supplier="garak-market"] button.keep-order')
    if keep.is_displayed():
        bananas_before = int(count(watcher, "banana"))
        click_css(staff, '#purchase-orders article[data-supplier="garak-market"] button.keep-order')
        wait(staff, "the kept order is listed as open",
             lambda d: len(d.find_elements(By.CSS_SELECTOR, '#kept-orders li[data-status="open"]')) == 1)
        kept_status = staff.find_element(By.ID, "kept-orders-status").text
        check("발주 1번을 기록했어요" in kept_status, f"keeping says its number ({kept_status})")
        # An order kept below the supplier's minimum says so, in the page's language; one that meets it does not.
        check(("최소 주문" in kept_status) == ("에 못 미쳐요" in sheet),
              f"keeping says whether the order is below the minimum, as the sheet does ({kept_status})")
        staff.execute_script("document.getElementById('kept-orders').scrollIntoView()")
        staff.save_screenshot(os.path.join(SHOTS, "purchase-order.png"))
        click_css(staff, '#kept-orders li[data-status="open"] button.receive-order')
        wait(staff, "received, the order is listed as received",
             lambda d: len(d.find_elements(By.CSS_SELECTOR, '#kept-orders li[data-status="received"]')) == 1)
        wait(watcher, "the delivery reaches the other page", lambda d: int(count(d, "banana")) > bananas_before, timeout=3)
        # Undone from the journal, the delivery goes back and the order is open again.
        click(staff, "undo")
        wait(watcher, "the undone delivery leaves the other page", lambda d: int(count(d, "banana")) == bananas_before, timeout=3)
        wait(staff, "and the order is open again",
             lambda d: len(d.find_elements(By.CSS_SELECTOR, '#kept-orders li[data-status="open"]')) == 1)
    else:
        check(False, "the planned order has lines to keep")
    with open(fruits_file, "w", encoding="utf-8") as f:
        f.write(fruits_before)
    wait(staff, "without suppliers again, no sheet", lambda d: d.find_elements(By.CSS_SELECTOR, sheet_selector) == [], timeout=15)
    juice_button(staff, "banana-juice").click()
    wait(staff, "served once more", lambda d: dialog_text(d) == "바나나쥬스 나왔습니다! 맛있게 드세요!")
    press(staff, "dialog-ok")
    wait(watcher, "the second page sees 2 bananas again", lambda d: count(d, "banana") == "2", timeout=1.5)
    wait(staff, "today's sales count it", lambda d: sales_row(d, "banana-juice") == ("6", "1"))

    # The stock room (staff only): a delivery with its use-by date and cost, a refused one that changes nothing, waste
    # with its reason, then a blind count made while the second page orders: the order is neither lost nor counted twice.
    check(not watcher.find_element(By.ID, "open-stockroom").is_displayed(), "customers have no 입고·폐기 button")
    click(staff, "open-stockroom")
    wait(staff, "입고·폐기 shows a use-by line per fruit", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#shelf-rows tr")) == 5)
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    yesterday = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()

    def receive_row(fruit, name):
        return staff.find_element(By.CSS_SELECTOR, f'#receive-rows tr[data-fruit="{fruit}"] input[name="{name}"]')

    def type_date(field, iso):
        # A date input takes what the browser's locale types; set the value as a script would, then say it changed.
        staff.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", field, iso)

    kiwis = int(count(watcher, "kiwi"))
    receive_row("kiwi", "quantity").send_keys("6")
    type_date(receive_row("kiwi", "expires"), tomorrow)
    receive_row("kiwi", "cost").send_keys("700")
    staff.find_element(By.ID, "receive-supplier").send_keys("garak-market")
    click(staff, "receive")
    wait(watcher, f"a delivery of 6 kiwis reaches the second page ({kiwis + 6})", lambda d: count(d, "kiwi") == str(kiwis + 6), timeout=1.5)
    wait(staff, "the delivery is said (입고를 기록했어요)", lambda d: d.find_element(By.ID, "stockroom-status").text == "입고를 기록했어요")
    wait(staff, "the 6 kiwis expire tomorrow",
         lambda d: d.find_element(By.CSS_SELECTOR, '#shelf-rows tr[data-fruit="kiwi"] .tomorrow').text == "6")
    check(receive_row("kiwi", "quantity").get_attribute("value") == "", "the form is emptied after the delivery")
    mangos = count(watcher, "mango")
    receive_row("mango", "quantity").send_keys("4")
    type_date(receive_row("mango", "expires"), yesterday)
    click(staff, "receive")
    wait(staff, "a use-by date before the delivery is refused, and the field marked",
         lambda d: "invalid" in (receive_row("mango", "expires").get_attribute("class") or "")
         and d.find_element(By.ID, "stockroom-status").text != "입고를 기록했어요")
    time.sleep(0.5)
    check(count(watcher, "mango") == mangos, f"the refused delivery changed nothing ({mangos} mangos)")
    receive_row("mango", "quantity").clear()
    type_date(receive_row("mango", "expires"), "")

    from selenium.webdriver.support.ui import Select
    Select(staff.find_element(By.ID, "waste-fruit")).select_by_value("kiwi")
    Select(staff.find_element(By.ID, "waste-reason")).select_by_value("dropped")
    staff.find_element(By.ID, "waste-quantity").send_keys("2")
    click(staff, "waste")
    wait(watcher, f"2 kiwis dropped reach the second page ({kiwis + 4})", lambda d: count(d, "kiwi") == str(kiwis + 4), timeout=1.5)
    wait(staff, "the journal says why (폐기 · 떨어뜨림)", lambda d: "폐기 · 떨어뜨림" in d.find_element(By.CSS_SELECTOR, "#journal li").text)
    staff.find_element(By.ID, "waste-quantity").send_keys("500")
    click(staff, "waste")
    wait(staff, "wasting more than there is is refused, naming what there is",
         lambda d: f"{kiwis + 4}" in d.find_element(By.ID, "stockroom-status").text)
    check(count(watcher, "kiwi") == str(kiwis + 4), "the refused waste changed nothing")
    staff.find_element(By.ID, "waste-quantity").clear()
    click(staff, "waste-expired")
    wait(staff, "nothing has expired: nothing to write off", lambda d: d.find_element(By.ID, "stockroom-status").text == "유통기한이 지난 과일이 없어요")
    wait(staff, "the staff panel: today's delivery with its cost, and the waste",
         lambda d: d.find_element(By.CSS_SELECTOR, '#stockroom-summary li[data-line="received"]').text == "입고: 키위 6 (4,200원)"
         and d.find_element(By.CSS_SELECTOR, '#stockroom-summary li[data-line="wasted"]').text == "폐기: 키위 2")
    staff.save_screenshot(os.path.join(SHOTS, "stockroom-screen.png"))
    click(staff, "close-stockroom")

    # The count: blind until a value is typed; an order from the second page while counting is carried over.
    check(not watcher.find_element(By.ID, "open-count").is_displayed(), "customers have no 재고 조사 button")
    click(staff, "open-count")
    wait(staff, "opening the count screen starts a session", lambda d: "시작한 재고 조사" in d.find_element(By.ID, "count-session").text)
    kiwis_at_start, mangos_at_start = int(count(watcher, "kiwi")), int(count(watcher, "mango"))

    def count_row(fruit, part):
        return staff.find_element(By.CSS_SELECTOR, f'#count-rows li[data-fruit="{fruit}"] {part}')

    check(count_row("kiwi", ".expected").text == "기록 ?", "blind: the recorded value is hidden before counting")
    count_row("kiwi", "input").send_keys(str(kiwis_at_start))
    wait(staff, "once counted, the recorded value and the variance show",
         lambda d: count_row("kiwi", ".expected").text == f"기록 {kiwis_at_start}" and count_row("kiwi", ".variance").text == "±0")
    juice_button(watcher, "kiwi-juice").click()
    wait(watcher, "the second page orders a kiwi juice while staff count", lambda d: dialog_text(d) == "키위쥬스 나왔습니다! 맛있게 드세요!")
    press(watcher, "dialog-ok")
    count_row("mango", "input").send_keys(str(mangos_at_start - 3))
    check(count_row("mango", ".variance").text == "−3", "three mangos short show as −3")
    staff.save_screenshot(os.path.join(SHOTS, "count-screen.png"))
    click(staff, "count-apply")
    wait(staff, "a large variance asks first, listing it", lambda d: "많이 다른" in dialog_text(d)
         and f"망고: 기록 {mangos_at_start}, 센 개수 {mangos_at_start - 3}" in d.find_element(By.ID, "dialog-details").text)
    check("키위" not in staff.find_element(By.ID, "dialog-details").text, "the dialog lists only the fruits that differ (kiwi matched)")
    press(staff, "dialog-yes")
    wait(staff, "the result says what went out while counting",
         lambda d: f"세는 동안 3개 나갔어요 → {kiwis_at_start - 3}개" in d.find_element(By.ID, "count-status").text)
    wait(watcher, f"applied: the kiwi juice served while counting is kept ({kiwis_at_start - 3} kiwis), three mangos fewer",
         lambda d: count(d, "kiwi") == str(kiwis_at_start - 3) and count(d, "mango") == str(mangos_at_start - 3), timeout=1.5)
    check(count_row("mango", ".variance").text == "−3", "the applied count shows its variance")
    wait(staff, "the staff panel shows the last count's variance",
         lambda d: "망고 −3" in d.find_element(By.CSS_SELECTOR, '#stockroom-summary li[data-line="count"]').text)
    check(staff.find_element(By.ID, "count-apply").get_attribute("disabled") is not None, "an applied count cannot be applied again")
    click(staff, "close-count")
    wait(staff, "back on the order screen", lambda d: d.find_element(By.ID, "order-screen").is_displayed())

    # The menu screen (staff only): a refused edit writes nothing; a price raised is a one-line diff that keeps every
    # comment; a juice added appears on the second page within a second and can be ordered there.
    juices_file = os.path.join(recipes, "juices.yaml")
    before = open(juices_file, encoding="utf-8").read()
    check(not watcher.find_element(By.ID, "open-menu").is_displayed(), "customers have no 메뉴 수정 button")
    staff.find_element(By.ID, "open-menu").click()
    wait(staff, "the menu screen lists every juice and fruit (and a form for a new one of each)",
         lambda d: len(d.find_elements(By.CSS_SELECTOR, "#menu-juices details")) == 8
         and len(d.find_elements(By.CSS_SELECTOR, "#menu-fruits details")) == 6)
    check(staff.find_element(By.ID, "menu-title").text == "메뉴 수정", "the menu screen's title 메뉴 수정")
    draws = menu_draws(staff)
    edit_menu(staff, "juice", "banana-juice", {"name-ko": "딸기쥬스"}, "save")
    wait(staff, "a name another juice has is refused with the rule's reason",
         lambda d: d.find_element(By.ID, "dialog").is_displayed() and "저장하지 않았어요" in dialog_text(d)
         and "juices.yaml:" in d.find_element(By.ID, "dialog-details").text)
    press(staff, "dialog-ok")
    check(open(juices_file, encoding="utf-8").read() == before, "the refused edit left juices.yaml byte for byte")
    check(staff.find_element(By.CSS_SELECTOR, '#menu-juices details[data-juice="banana-juice"] input[name="name-ko"]')
          .get_attribute("value") == "딸기쥬스", "what staff typed stays in the form after a refusal, to correct")
    check(menu_draws(staff) == draws, "a refused edit does not draw the menu screen again")
    edit_menu(staff, "juice", "banana-juice", {"name-ko": "바나나쥬스", "price": "4500"}, "save")
    wait(staff, "the price edit is saved", lambda d: "4,500원" in menu_summary(d, "banana-juice").text)
    wait(watcher, "the second page's 바나나쥬스 button shows the new price, 4,500원",
         lambda d: price_text(d, "banana-juice") == "4,500원", timeout=1.5)
    wait(watcher, "a juice without a price shows none (키위쥬스)", lambda d: price_text(d, "kiwi-juice") is None)
    # A save is drawn once: by the reading after its answer. Its `menu` event names the version drawn, so the
    # screen does not read and draw the menu again, and what was found after the save stays on the page.
    summary = menu_summary(staff, "banana-juice")
    menu_settled(staff, "the staff page took in the save's menu event")
    check(menu_draws(staff) == draws + 1, f"the save drew the menu screen once ({menu_draws(staff) - draws} times)")
    check(attached(summary), "an element found after the save is still on the page after its menu event")
    after = open(juices_file, encoding="utf-8").read()
    lines = changed_lines(before, after)
    check(len(lines) == 1 and lines[0].startswith("+") and "price: 4500" in lines[0], f"a price is a one-line diff ({lines})")
    check(all(line in after.splitlines() for line in before.splitlines() if line.lstrip().startswith("#")), "every comment kept")
    draws = menu_draws(staff)
    edit_menu(staff, "juice", "+", {"id": "mango-pineapple-juice", "name-ko": "망고파인쥬스", "name-en": "Mango-Pineapple Juice",
                                    "price": "5000", "fruit:mango": "1", "fruit:pineapple": "1"}, "add")
    started = time.monotonic()
    wait(watcher, "the second page shows the new juice within a second",
         lambda d: len(d.find_elements(By.CSS_SELECTOR, '#juices button[data-juice="mango-pineapple-juice"]')) == 1, timeout=1.5)
    print(f"the added juice reached the second page {time.monotonic() - started:.2f} s after the click", flush=True)
    for attempt in range(5):  # the order screen is drawn again (the menu event's reading, the stock event) meanwhile
        try:
            juice_button(watcher, "mango-pineapple-juice").click()
            break
        except StaleElementReferenceException:
            time.sleep(0.1)
    wait(watcher, "the new juice is served on the second page", lambda d: dialog_text(d) == "망고파인쥬스 나왔습니다! 맛있게 드세요!")
    press(watcher, "dialog-ok")
    check(staff.find_element(By.CSS_SELECTOR, '#menu-juices details[data-juice="+"] input[name="id"]').get_attribute("value") == "",
          "the new-juice form is empty again once the juice is added")
    wait(staff, "the edit record lists both edits, newest first",
         lambda d: len(d.find_elements(By.CSS_SELECTOR, "#menu-edits li[data-edit]")) == 2)
    check("mango-pineapple-juice" in staff.find_element(By.CSS_SELECTOR, "#menu-edits li[data-edit]").text, "the newest edit is the added juice")
    menu_settled(staff, "the staff page took in the new juice's menu event")
    check(menu_draws(staff) == draws + 1, f"adding a juice drew the menu screen once ({menu_draws(staff) - draws} times)")
    staff.execute_script("window.scrollTo(0, 0)")
    staff.save_screenshot(os.path.join(SHOTS, "menu-screen.png"))
    staff.set_window_size(390, 900)
    time.sleep(0.3)
    check(staff.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "the menu screen fits a phone's width")
    staff.set_window_size(900, 1000)
    # Another counter's edit (the API, as another staff session) is drawn on the open menu screen, once.
    draws = menu_draws(staff)
    request = urllib.request.Request(f"{url}api/menu/juices/mango-pineapple-juice", method="PATCH", data=json.dumps({"price": 5500}).encode(),
                                     headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json",
                                              "X-Staff-Session": "counter-2"})
    check(urllib.request.urlopen(request).status == 200, "another counter changes the new juice's price")
    wait(staff, "the open menu screen shows another counter's edit", lambda d: "5,500원" in menu_summary(d, "mango-pineapple-juice").text
         and "counter-2" in d.find_element(By.CSS_SELECTOR, "#menu-edits li[data-edit]").text)
    menu_settled(staff, "the staff page took in the other counter's menu event")
    check(menu_draws(staff) == draws + 1, f"another counter's edit drew the menu screen once ({menu_draws(staff) - draws} times)")
    staff.find_element(By.ID, "lang-toggle").click()
    wait(staff, "the menu screen in English", lambda d: d.find_element(By.ID, "menu-title").text == "Edit menu")
    staff.find_element(By.ID, "lang-toggle").click()
    staff.find_element(By.ID, "close-menu").click()
    wait(staff, "closing the menu screen shows the order screen", lambda d: d.find_element(By.ID, "order-screen").is_displayed())

    # A restart: both pages reconnect by themselves and see a change the command line makes.
    stop_server(server)
    server = start_server(port)
    order = subprocess.run([JUICE, "order", "banana-juice", "--state", state, "--recipes", recipes],
                           env=dict(os.environ, SWIFT_BACKTRACE="enable=no"), capture_output=True, text=True)
    check(order.returncode == 0, f"juice order on the same state ({order.stdout.strip()})")
    for driver in (staff, watcher):
        wait(driver, "a page reconnects after the restart and shows the CLI's order", lambda d: count(d, "banana") == "0", timeout=8)

    # A menu edit on disk appears without reloading the page; a broken one shows staff a banner, customers nothing.
    juices = os.path.join(recipes, "juices.yaml")
    text = open(juices, encoding="utf-8").read()
    open(juices + ".tmp", "w", encoding="utf-8").write(text.replace("name: {ko: 바나나쥬스,", "name: {ko: 바나나 스무디,"))
    os.replace(juices + ".tmp", juices)
    for driver in (staff, watcher):
        wait(driver, "the edited name appears without a page reload",
             lambda d: juice_button(d, "banana-juice").text.startswith("바나나 스무디 주문"), timeout=8)
    open(juices, "w", encoding="utf-8").write(text.replace("recipe: {banana: 2}", "recipe: {banana: two}"))
    wait(staff, "staff see a banner naming the file and line", lambda d: "juices.yaml:" in d.find_element(By.ID, "banner").text, timeout=8)
    check(not watcher.find_element(By.ID, "banner").is_displayed(), "customers see no banner")
    check(juice_button(watcher, "banana-juice").text.startswith("바나나 스무디 주문"), "customers keep the last good menu")
    watcher.find_element(By.ID, "lang-toggle").click()
    wait(watcher, "the toggle switches the page to English",
         lambda d: d.find_element(By.ID, "order-title").text == "Let us make you a delicious juice!")
    wait(watcher, "in English the button shows the price as ₩4,500", lambda d: price_text(d, "banana-juice") == "₩4,500")
    wait(watcher, "and the other counter's price as ₩5,500", lambda d: price_text(d, "mango-pineapple-juice") == "₩5,500")
    wait(watcher, "a juice without a price shows none in English either", lambda d: price_text(d, "kiwi-juice") is None)

    # Log out: the staff session on this page ends; the panel and the banner go, and the token is asked for again.
    check(staff.find_element(By.ID, "staff-logout").is_displayed() and not staff.find_element(By.ID, "staff-login").is_displayed(),
          "staff see 로그아웃 (log out), not 직원")
    check(not watcher.find_element(By.ID, "staff-logout").is_displayed(), "customers see no log out")
    staff.find_element(By.ID, "staff-logout").click()
    wait(staff, "log out hides the staff panel and the banner", lambda d: not d.find_element(By.ID, "staff-panel").is_displayed()
         and not d.find_element(By.ID, "banner").is_displayed())
    check(staff.execute_script("return sessionStorage.getItem('juice.staffToken')") is None, "the page forgot the staff token")
    staff.find_element(By.ID, "staff-login").click()
    wait(staff, "직원 asks for the token again", lambda d: d.find_element(By.ID, "token-input").is_displayed())
    # A wrong token is said at once, at login, and not kept: no staff buttons behind it.
    staff.find_element(By.ID, "token-input").send_keys("not-the-token-" + "x" * 20)
    staff.find_element(By.ID, "dialog-ok").click()  # (the dialog closes and opens again: not press, which waits it out)
    wait(staff, "a wrong token is refused at login, asking again",
         lambda d: d.find_element(By.ID, "token-input").is_displayed()
         and d.find_element(By.ID, "dialog-message").text in ("직원 토큰이 맞지 않아요. 다시 입력해 주세요", "That staff token is not correct. Try again"))
    check(staff.execute_script("return sessionStorage.getItem('juice.staffToken')") is None, "the wrong token was not kept")
    check(not staff.find_element(By.ID, "staff-panel").is_displayed(), "no staff panel behind a wrong token")
    staff.find_element(By.ID, "token-input").send_keys(TOKEN)
    press(staff, "dialog-ok")
    wait(staff, "after logging in again the staff panel and the banner are back",
         lambda d: d.find_element(By.ID, "staff-panel").is_displayed() and d.find_element(By.ID, "banner").is_displayed())

    # Everything above ran under the page's Content-Security-Policy, which the browser enforces: nothing was refused,
    # and an inline style (a probe) is.
    def refused(driver):
        return [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
    policy = urllib.request.urlopen(url).headers.get("Content-Security-Policy", "")
    check("default-src 'self'" in policy and "unsafe-inline" not in policy, f"the page is served with its policy ({policy})")
    check(refused(staff) == [] and refused(watcher) == [], "no Content-Security-Policy violation on either page")
    staff.execute_script("""document.body.insertAdjacentHTML("beforeend", '<b style="color: red">probe</b>')""")
    wait(staff, "the browser refuses an inline style under the policy", lambda d: refused(d) != [])
    stop_server(server)

    # A shop whose recipes cannot be written (here the built-in set; a read-only mount is said the same way): the menu
    # screen says why and offers nothing that would fail.
    server = start_server(port, built_in=True)
    staff.get(url)
    wait(staff, "the page of the built-in shop", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#juices button")) == 7)
    staff.find_element(By.ID, "open-menu").click()
    wait(staff, "the menu screen says the recipes cannot be changed, and why",
         lambda d: d.find_element(By.ID, "menu-readonly").is_displayed() and "메뉴 파일을 고칠 수 없어요" in d.find_element(By.ID, "menu-readonly").text)
    buttons = staff.find_elements(By.CSS_SELECTOR, "#menu-screen .menu-item button, #menu-undo")
    inputs = staff.find_elements(By.CSS_SELECTOR, "#menu-screen .menu-item input")
    check(buttons and inputs and all(not b.is_enabled() for b in buttons) and all(not i.is_enabled() for i in inputs),
          f"every button and field of the menu screen is disabled ({len(buttons)} buttons, {len(inputs)} fields)")
    print(f"read-only menu: {staff.find_element(By.ID, 'menu-readonly').text}", flush=True)
    stop_server(server)
finally:
    for driver in (staff, watcher):
        driver.quit()
    if server.poll() is None:
        server.kill()
    shutil.rmtree(work, ignore_errors=True)
print(f"{checks} passed, 0 failed")
