// The stock room, for staff: deliveries (입고), waste (폐기) and what expires when, on one screen; the count (재고 조사)
// on another, blind by default. Each change goes through the staff API (POST /api/deliveries, /api/waste, /api/counts)
// all or nothing, and reaches every page as a stock event. A module: what it shares with the other screens comes from
// api.js; app.js tells it of stock events (`stockRoomChanged`) and shows its line in the staff panel
// (`stockRoomSummary`). The waste reasons and their words are the server's (GET /api/lots's `reasons`).
import {
  $, ask, cell, clock, closeScreens, dateTime, element, errorText, fruitName, money, nameOf, notice, onRedraw, redraw, screen,
  signed, staffCall, state, takeStock, token, words,
} from "./api.js";

const STOCKROOM_TEXT = {
  ko: {
    openRoom: "입고·폐기", openCount: "재고 조사", roomTitle: "입고·폐기", countTitle: "재고 조사",
    shelf: "유통기한", fruit: "과일", stock: "재고", today: "오늘까지", tomorrow: "내일까지", expired: "지남", lastCounted: "마지막 조사",
    never: "—", receive: "입고", quantity: "개수", expires: "유통기한", cost: "개당 원가 (원)", supplier: "거래처 (선택)",
    receiveButton: "입고 기록", waste: "폐기", reason: "이유", note: "메모 (선택)", wasteButton: "폐기 기록",
    wasteExpired: "유통기한 지난 것 모두 폐기", confirmExpired: (n) => `유통기한이 지난 과일 ${n}개를 모두 폐기할까요?`,
    noneExpired: "유통기한이 지난 과일이 없어요", nothingToReceive: "입고할 개수를 적어 주세요",
    session: (time) => `${time}에 시작한 재고 조사예요. 세는 동안 주문으로 나간 과일은 반영할 때 센 개수에서 빠져요.`,
    starting: "재고 조사를 시작하는 중…", showExpected: "기록된 재고 보기", counted: "센 개수", expected: (n) => `기록 ${n}`,
    hidden: "기록 ?", applyCount: "반영", restart: "새로 세기", nothingCounted: "센 개수를 적어 주세요",
    largeVariance: "기록과 많이 다른 과일이 있어요. 그대로 반영할까요?",
    line: (name, expected, counted, variance) => `${name}: 기록 ${expected}, 센 개수 ${counted} (${signed(variance)})`,
    sessionGone: "이 재고 조사는 더 쓸 수 없어요. 새로 시작할게요.", yes: "반영", no: "다시 세기",
    moved: (name, moved, now) => `${name}: 세는 동안 ${Math.abs(moved)}개 ${moved < 0 ? "나갔어요" : "들어왔어요"} → ${now}개`,
  },
  en: {
    openRoom: "Deliveries & waste", openCount: "Count stock", roomTitle: "Deliveries & waste", countTitle: "Stock count",
    shelf: "Use-by dates", fruit: "Fruit", stock: "Stock", today: "By today", tomorrow: "By tomorrow", expired: "Expired",
    lastCounted: "Last counted", never: "—", receive: "Receive", quantity: "Units", expires: "Use by", cost: "Cost per unit (won)",
    supplier: "Supplier (optional)", receiveButton: "Record delivery", waste: "Waste", reason: "Reason", note: "Note (optional)",
    wasteButton: "Record waste", wasteExpired: "Write off everything expired",
    confirmExpired: (n) => `Write off all ${n} expired units?`, noneExpired: "Nothing has expired",
    nothingToReceive: "Enter the units received",
    session: (time) => `Count started at ${time}. Fruit that orders take while counting is taken off the count when it is applied.`,
    starting: "Starting a count…", showExpected: "Show the recorded stock", counted: "Counted", expected: (n) => `recorded ${n}`,
    hidden: "recorded ?", applyCount: "Apply", restart: "Count again", nothingCounted: "Enter what you counted",
    largeVariance: "Some fruit differs a lot from the record. Apply it as counted?",
    line: (name, expected, counted, variance) => `${name}: recorded ${expected}, counted ${counted} (${signed(variance)})`,
    sessionGone: "This count can no longer be applied. Starting a new one.", yes: "Apply", no: "Count again",
    moved: (name, moved, now) => `${name}: ${Math.abs(moved)} ${moved < 0 ? "went out" : "came in"} while counting → ${now}`,
  },
};

// `open`: which screen is shown ("room", "count" or null). `lots`: the last GET /api/lots (read in `lotsLang`, the
// language its reasons' words are in). `count`: the session being counted ({session, startedAt, expected}), null
// while none is started, `result` the lines of the last one applied. `drawn`: what the forms were drawn for (fruits,
// language and reasons), so a stock event does not wipe what staff typed.
const stockRoom = { open: null, lots: null, lotsLang: null, count: null, result: null, showExpected: false, drawn: null };
const srt = () => STOCKROOM_TEXT[state.lang];

// An error answer as one line, and the request field it names marked on the form.
function stockRoomRefusal(data, status, form) {
  for (const input of form.querySelectorAll(".invalid")) input.classList.remove("invalid");
  if (!data || !data.error) return `HTTP ${status}`;
  const match = /^lines\[(\d+)\]\.(\w+)$/.exec(data.error.field || "");
  const rows = form.querySelectorAll("[data-line]");
  if (match && rows[Number(match[1])]) {
    const input = rows[Number(match[1])].querySelector(`[name="${match[2]}"]`);
    if (input) input.classList.add("invalid");
  } else if (data.error.field) {
    const input = form.querySelector(`[name="${CSS.escape(data.error.field)}"]`);
    if (input) input.classList.add("invalid");
  }
  return data.error.message;
}

// ---- the deliveries and waste screen ----

// Sends a delivery or a waste; on success `done` clears the form, the stock and lots follow and the answer is said, else
// the refusal is said and its field marked on `form`.
async function sendStockRoomChange(path, body, form, done) {
  const { status, data } = await staffCall("POST", path, body);
  if (status === 200 || status === 201) {
    done();
    for (const input of form.querySelectorAll(".invalid")) input.classList.remove("invalid");
    takeStock(data);
    $("stockroom-status").textContent = data.message;
    redraw();
    loadLots();
  } else if (status !== 401) {
    $("stockroom-status").textContent = stockRoomRefusal(data, status, form);
  }
}

async function loadLots() {
  const lang = state.lang;
  stockRoom.lotsLang = lang;
  const { status, data } = await staffCall("GET", "/api/lots");
  if (status === 200 && lang === state.lang) stockRoom.lots = data;
  renderStockRoom();
}

async function receiveDelivery() {
  const form = $("receive-form");
  // The rows with units, in menu order; each line's position is what an error's field (lines[i]) names.
  const rows = [...form.querySelectorAll("tr[data-fruit]")].filter((row) => row.querySelector('[name="quantity"]').value.trim() !== "");
  for (const row of form.querySelectorAll("tr[data-fruit]")) delete row.dataset.line;
  rows.forEach((row, index) => { row.dataset.line = String(index); });
  if (rows.length === 0) { $("stockroom-status").textContent = srt().nothingToReceive; return; }
  const lines = rows.map((row) => {
    const value = (name) => row.querySelector(`[name="${name}"]`).value.trim();
    const line = { fruit: row.dataset.fruit, quantity: Number(value("quantity")) };
    if (value("expires") !== "") line.expires = value("expires");
    if (value("cost") !== "") line.cost = Number(value("cost"));
    return line;
  });
  const body = { lines };
  const supplier = $("receive-supplier").value.trim();
  if (supplier !== "") body.supplier = supplier;
  await sendStockRoomChange("/api/deliveries", body, form, () => { for (const input of form.querySelectorAll("input")) input.value = ""; });
}

async function recordWaste() {
  const form = $("waste-form");
  const body = { fruit: $("waste-fruit").value, quantity: Number($("waste-quantity").value.trim() || "0"), reason: $("waste-reason").value };
  const note = $("waste-note").value.trim();
  if (note !== "") body.note = note;
  await sendStockRoomChange("/api/waste", body, form, () => { $("waste-quantity").value = ""; $("waste-note").value = ""; });
}

async function wasteExpired() {
  const expired = stockRoom.lots ? stockRoom.lots.fruits.reduce((sum, fruit) => sum + fruit.expired, 0) : 0;
  if (expired === 0) { $("stockroom-status").textContent = srt().noneExpired; return; }
  if (!(await ask(srt().confirmExpired(expired), []))) return;
  await sendStockRoomChange("/api/waste", { expired: true }, $("waste-form"), () => {});
}

// The forms, drawn again only when the fruits or the language change (what staff typed stays typed).
function drawStockRoomForms() {
  const text = srt();
  // The waste reasons with their words, as the server last said them (none before the lots are read).
  const reasons = stockRoom.lots && stockRoom.lots.reasons ? stockRoom.lots.reasons : [];
  const key = `${state.lang}|${state.fruits.map((fruit) => `${fruit.id}:${nameOf(fruit)}`).join(",")}|`
    + reasons.map((reason) => `${reason.reason}:${reason.label}`).join(",");
  if (stockRoom.drawn === key) return;
  stockRoom.drawn = key;
  const input = (name, type, label) => {
    const node = element("input");
    node.name = name;
    node.type = type;
    node.setAttribute("aria-label", label);
    if (type === "number") { node.min = "0"; node.step = "1"; node.inputMode = "numeric"; }
    return node;
  };
  $("receive-head").replaceChildren(...[text.fruit, text.quantity, text.expires, text.cost].map((label) => element("th", "", label)));
  $("receive-rows").replaceChildren(...state.fruits.map((fruit) => {
    const row = element("tr");
    row.dataset.fruit = fruit.id;
    const name = `${fruit.emoji || ""} ${nameOf(fruit)}`.trim();
    const cells = [input("quantity", "number", `${name} ${text.quantity}`), input("expires", "date", `${name} ${text.expires}`),
      input("cost", "number", `${name} ${text.cost}`)].map((node) => { const td = element("td"); td.append(node); return td; });
    row.append(element("td", "", name), ...cells);
    return row;
  }));
  $("receive-supplier").setAttribute("aria-label", text.supplier);
  $("receive-supplier").placeholder = text.supplier;
  const chosen = $("waste-fruit").value;
  $("waste-fruit").replaceChildren(...state.fruits.map((fruit) => {
    const option = element("option", "", `${fruit.emoji || ""} ${nameOf(fruit)}`.trim());
    option.value = fruit.id;
    return option;
  }));
  if (state.fruits.some((fruit) => fruit.id === chosen)) $("waste-fruit").value = chosen;
  const reason = $("waste-reason").value;
  $("waste-reason").replaceChildren(...reasons.map((reason) => {
    const option = element("option", "", reason.label);
    option.value = reason.reason;
    return option;
  }));
  if (reason) $("waste-reason").value = reason;

  // The count's rows: every fruit, the counted value typed in; the recorded value shown once it is (blind count).
  const counted = new Map([...document.querySelectorAll("#count-rows li")].map((item) => [item.dataset.fruit, item.querySelector("input").value]));
  $("count-rows").replaceChildren(...state.fruits.map((fruit) => {
    const item = element("li");
    item.dataset.fruit = fruit.id;
    const name = `${fruit.emoji || ""} ${nameOf(fruit)}`.trim();
    const field = input("counted", "number", `${name} ${text.counted}`);
    field.value = counted.get(fruit.id) || "";
    field.addEventListener("input", renderCount);
    item.append(element("span", "label", name), field, element("span", "expected"), element("span", "variance"));
    return item;
  }));
}

function renderShelf() {
  const text = srt();
  const lots = stockRoom.lots;
  const byFruit = new Map((lots ? lots.fruits : []).map((fruit) => [fruit.fruit, fruit]));
  $("shelf-head").replaceChildren(...[text.fruit, text.stock, text.today, text.tomorrow, text.expired, text.lastCounted]
    .map((label) => element("th", "", label)));
  $("shelf-rows").replaceChildren(...state.fruits.map((fruit) => {
    const shelf = byFruit.get(fruit.id) || { expiresToday: 0, expiresTomorrow: 0, expired: 0 };
    const row = element("tr");
    row.dataset.fruit = fruit.id;
    row.classList.toggle("expired", shelf.expired > 0);
    row.classList.toggle("expiring", shelf.expiresToday + shelf.expiresTomorrow > 0);
    const last = shelf.lastCounted ? dateTime(shelf.lastCounted) : text.never;
    row.append(cell(`${fruit.emoji || ""} ${nameOf(fruit)}`.trim()), cell(state.stock[fruit.id] ?? 0, "stock"),
      cell(shelf.expiresToday, "today"), cell(shelf.expiresTomorrow, "tomorrow"), cell(shelf.expired, "expired"), cell(last, "counted"));
    return row;
  }));
}

// ---- the count screen ----

async function startCount() {
  stockRoom.count = null;
  stockRoom.result = null;
  for (const field of document.querySelectorAll("#count-rows input")) field.value = "";
  $("count-status").textContent = "";
  $("count-session").textContent = srt().starting;
  renderCount();
  const { status, data } = await staffCall("POST", "/api/counts");
  if (status === 201 || status === 200) {
    stockRoom.count = data;
  } else if (status !== 401) {
    $("count-status").textContent = errorText(status, data);
  }
  renderCount();
}

async function applyCount(confirm = false) {
  const session = stockRoom.count;
  if (!session) return;
  const counts = [...document.querySelectorAll("#count-rows li")]
    .filter((item) => item.querySelector("input").value.trim() !== "")
    .map((item) => ({ fruit: item.dataset.fruit, counted: Number(item.querySelector("input").value.trim()) }));
  if (counts.length === 0) { $("count-status").textContent = srt().nothingCounted; return; }
  const body = { counts };
  if (confirm) body.confirm = true;
  const { status, data } = await staffCall("POST", `/api/counts/${encodeURIComponent(session.session)}`, body);
  const text = srt();
  const lines = (list) => list.map((line) => text.line(fruitName(line.fruit), line.expected, line.counted, line.variance));
  if (status === 200 || status === 201) {
    stockRoom.count = null;
    stockRoom.result = data.counts;
    takeStock(data);
    // What moved while staff counted (an order served meanwhile), and the stock it made.
    const moved = (data.counts || []).filter((line) => data.stock && data.stock[line.fruit] !== undefined && data.stock[line.fruit] !== line.counted)
      .map((line) => text.moved(fruitName(line.fruit), data.stock[line.fruit] - line.counted, data.stock[line.fruit]));
    $("count-status").textContent = [data.message, ...moved].join(" · ");
    redraw();
    renderCount();
    return;
  }
  if (status === 401) return;
  const code = data && data.error ? data.error.code : null;
  if (status === 409 && code === "large-variance") {
    // Only the fruits whose count differs: a fruit that matched has nothing to confirm.
    const differing = (data.error.counts || []).filter((line) => line.variance !== 0);
    if (await ask(text.largeVariance, lines(differing), text.yes, text.no)) await applyCount(true);
  } else if (code === "count-session-applied" || code === "unknown-count-session") {
    await notice(text.sessionGone, [data.error.message]);
    await startCount();
  } else {
    $("count-status").textContent = errorText(status, data);
  }
}

function renderCount() {
  const text = srt();
  const session = stockRoom.count;
  const result = stockRoom.result ? new Map(stockRoom.result.map((line) => [line.fruit, line])) : null;
  $("count-session").textContent = session ? text.session(clock(session.startedAt)) : "";
  $("count-apply").disabled = !session;
  $("count-restart").hidden = Boolean(session);
  for (const item of document.querySelectorAll("#count-rows li")) {
    const field = item.querySelector("input");
    field.disabled = !session;
    const typed = field.value.trim();
    const applied = result && result.get(item.dataset.fruit);
    const expected = applied ? applied.expected : session ? session.expected[item.dataset.fruit] : undefined;
    // Blind: the recorded value stays hidden until the fruit is counted (or staff ask to see them all).
    const shown = expected !== undefined && (applied || typed !== "" || stockRoom.showExpected);
    item.querySelector(".expected").textContent = expected === undefined ? "" : shown ? text.expected(expected) : text.hidden;
    const variance = applied ? applied.variance : shown && typed !== "" ? Number(typed) - expected : null;
    item.querySelector(".variance").textContent = variance === null || Number.isNaN(variance) ? "" : signed(variance);
    item.classList.toggle("off", variance !== null && variance !== 0);
  }
}

// ---- screens ----

function renderStockRoom() {
  const text = srt();
  const staff = Boolean(token());
  $("open-stockroom").textContent = text.openRoom;
  $("open-count").textContent = text.openCount;
  $("open-stockroom").hidden = !staff;
  $("open-count").hidden = !staff;
  $("stockroom-title").textContent = text.roomTitle;
  $("count-title").textContent = text.countTitle;
  $("close-stockroom").textContent = words().close;
  $("close-count").textContent = words().close;
  $("shelf-title").textContent = text.shelf;
  $("receive-title").textContent = text.receive;
  $("waste-title").textContent = text.waste;
  $("receive").textContent = text.receiveButton;
  $("waste").textContent = text.wasteButton;
  $("waste-expired").textContent = text.wasteExpired;
  $("waste-quantity").setAttribute("aria-label", text.quantity);
  $("waste-quantity").placeholder = text.quantity;
  $("waste-note").setAttribute("aria-label", text.note);
  $("waste-note").placeholder = text.note;
  $("waste-fruit").setAttribute("aria-label", text.fruit);
  $("waste-reason").setAttribute("aria-label", text.reason);
  $("count-show-expected-label").textContent = text.showExpected;
  $("count-apply").textContent = text.applyCount;
  $("count-restart").textContent = text.restart;
  if (!stockRoom.open) return;
  // The lots (and the reasons' words) are read again in the page's language when it changes.
  if (stockRoom.open === "room" && stockRoom.lotsLang !== state.lang) loadLots();
  drawStockRoomForms();
  renderShelf();
  renderCount();
}

function showStockRoom(which) {
  if (which) closeScreens("stockroom");
  stockRoom.open = which;
  $("stockroom-screen").hidden = which !== "room";
  $("count-screen").hidden = which !== "count";
  $("order-screen").hidden = Boolean(which);
  $("stock-screen").hidden = true;
  $("stockroom-status").textContent = "";
  renderStockRoom();
  if (which === "room") loadLots();
  // Opening the count screen starts a session: what moves while staff count is carried over when it is applied.
  if (which === "count") startCount();
}

// A stock event: the lots may have changed (an order took from them, a delivery added one).
export function stockRoomChanged() {
  if (stockRoom.open === "room") loadLots();
}

// The staff panel's line: today's deliveries and waste, and the last count's variance (GET /api/sales/today).
export function stockRoomSummary(summary) {
  const text = srt();
  const units = (list) => list.map((line) => `${fruitName(line.fruit)} ${line.units}`).join(", ");
  const won = (amount) => (amount === undefined || amount === null ? "" : ` (${money(amount)})`);
  const total = (list) => (list.every((line) => Number.isInteger(line.cost)) ? list.reduce((sum, line) => sum + line.cost, 0) : null);
  const lines = [];
  lines.push(["received", summary.received.length === 0 ? text.panel.noDeliveries : `${text.panel.received}: ${units(summary.received)}${won(total(summary.received))}`]);
  lines.push(["wasted", summary.wasted.length === 0 ? text.panel.noWaste : `${text.panel.wasted}: ${units(summary.wasted)}${won(summary.wastedCost)}`]);
  const count = summary.lastCount;
  if (!count) {
    lines.push(["count", text.panel.noCount]);
  } else {
    const off = count.counts.filter((line) => line.variance !== 0).map((line) => `${fruitName(line.fruit)} ${signed(line.variance)}`);
    const when = dateTime(count.time);
    lines.push(["count", `${text.panel.lastCount(when)}: ${off.length === 0 ? text.panel.matched : off.join(", ")}`]);
  }
  return lines;
}

STOCKROOM_TEXT.ko.panel = {
  title: "오늘 입고·폐기", received: "입고", wasted: "폐기", noDeliveries: "오늘 입고 없음", noWaste: "오늘 폐기 없음",
  noCount: "아직 재고 조사를 하지 않았어요", lastCount: (when) => `마지막 재고 조사 (${when})`, matched: "기록과 모두 같아요",
};
STOCKROOM_TEXT.en.panel = {
  title: "Today's deliveries and waste", received: "Received", wasted: "Wasted", noDeliveries: "No deliveries today",
  noWaste: "No waste today", noCount: "No count yet", lastCount: (when) => `Last count (${when})`, matched: "everything matched",
};

/** The staff panel's title for `stockRoomSummary`'s lines. */
export const stockRoomSummaryTitle = () => srt().panel.title;

screen("stockroom", () => { if (stockRoom.open) showStockRoom(null); });
onRedraw(renderStockRoom);
$("open-stockroom").addEventListener("click", () => showStockRoom("room"));
$("open-count").addEventListener("click", () => showStockRoom("count"));
$("close-stockroom").addEventListener("click", () => showStockRoom(null));
$("close-count").addEventListener("click", () => showStockRoom(null));
$("receive").addEventListener("click", () => receiveDelivery());
$("waste").addEventListener("click", () => recordWaste());
$("waste-expired").addEventListener("click", () => wasteExpired());
$("count-apply").addEventListener("click", () => applyCount());
$("count-restart").addEventListener("click", () => startCount());
$("count-show-expected").addEventListener("change", (event) => {
  stockRoom.showExpected = event.target.checked;
  renderCount();
});
