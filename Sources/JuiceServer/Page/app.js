// The page's entry module: the order screen, the stock screen and the staff panel, and the live state (the menu, the
// stock events). Plain JavaScript modules, no build step, no network beyond this server; what the screens share is in
// api.js, the menu screen in menu.js, the stock room in stockroom.js.
import {
  $, api, ask, cell, clock, closeScreens, errorText, fruitName, money, nameOf, notice, onRedraw, redraw, askToken, staffCall,
  state, takeStock, token, words,
} from "./api.js";
import { loadMenuEditor, menuEvent } from "./menu.js";
import { stockRoomChanged, stockRoomSummary, stockRoomSummaryTitle } from "./stockroom.js";

const TEXT = {
  ko: {
    title: "맛있는 쥬스를 만들어 드려요!", order: (name) => `${name} 주문`, makeable: (n) => `${n}잔 가능`,
    soldOut: "재료 부족", editStock: "재고수정", stockTitle: "재고 추가", apply: "적용", discard: "취소",
    staff: "직원", logout: "로그아웃", nothingStaged: "바뀐 것이 없어요", connected: "",
    offline: "연결이 끊겼어요. 다시 연결하는 중…", toggle: "English", decrease: "빼기", increase: "더하기",
    banner: (problems) => `메뉴 파일에 문제가 있어 바꾸지 않았어요 (손님에게는 마지막 정상 메뉴가 보여요):\n${problems}`,
    panelTitle: "직원 패널", salesTitle: "오늘 판매", juiceColumn: "쥬스", servedColumn: "판매", refusedColumn: "거절",
    revenueColumn: "매출", planTitle: "내일 살 것", fruitColumn: "과일", onHandColumn: "있는 양", levelColumn: "둘 양",
    toBuyColumn: "살 양", journalTitle: "기록", undo: "되돌리기", noSales: "오늘은 아직 판매가 없어요",
    salesSummary: (day, served, refused) => `${day}: ${served}잔 판매, ${refused}잔 거절`,
    revenue: (won) => `, 매출 ${money(won)}`,
    planSummary: (day, level, lower, upper, target, fill) =>
      `${day}에 둘 양: 모든 주문이 나갈 확률 약 ${level} (95% 구간 ${lower}–${upper}, 목표 ${target}), 채움률 ${fill}`,
    recent: (days, achieved, lower, upper, target) =>
      `${days === 56 ? "지난 8주" : `지난 ${days}일`} 모든 주문이 나간 날: ${achieved} (95% 구간 ${lower}–${upper}), 목표 ${target}`,
    unreachable: "창고 용량으로는 목표에 닿지 않아요", emptyJournal: "기록이 없어요", undone: "되돌림",
    copySheet: "복사", printSheet: "인쇄", copied: "복사했어요", keepOrder: "발주 기록", keptOrdersTitle: "발주 내역",
    receiveOrder: "입고", orderOpen: "입고 전", orderReceived: "입고됨",
    keptOrder: (id) => `발주 ${id}번을 기록했어요`,
    orderLine: (order, lines) => `${order.id}번 ${order.supplierName || order.supplier}${order.arrives ? ` · ${order.arrives} 도착` : ""}: ${lines}`,
  },
  en: {
    title: "Let us make you a delicious juice!", order: (name) => `Order ${name}`, makeable: (n) => `${n} can be made`,
    soldOut: "Out of ingredients", editStock: "Edit stock", stockTitle: "Add stock", apply: "Apply",
    discard: "Discard", staff: "Staff", logout: "Log out", nothingStaged: "Nothing to apply", connected: "",
    offline: "Disconnected. Reconnecting…", toggle: "한국어", decrease: "Decrease", increase: "Increase",
    banner: (problems) => `The menu files have a problem and were not applied (customers keep the last good menu):\n${problems}`,
    panelTitle: "Staff panel", salesTitle: "Today's sales", juiceColumn: "Juice", servedColumn: "Served", refusedColumn: "Refused",
    revenueColumn: "Revenue", planTitle: "To buy for tomorrow", fruitColumn: "Fruit", onHandColumn: "On hand",
    levelColumn: "Level", toBuyColumn: "To buy", journalTitle: "Journal", undo: "Undo", noSales: "No sales yet today",
    salesSummary: (day, served, refused) => `${day}: ${served} served, ${refused} refused`,
    revenue: (won) => `, revenue ${money(won)}`,
    planSummary: (day, level, lower, upper, target, fill) =>
      `Stock for ${day}: every order served with probability about ${level} (95% interval ${lower}–${upper}, target ${target}); fill rate ${fill}`,
    recent: (days, achieved, lower, upper, target) =>
      `${days === 56 ? "Last 8 weeks" : `Last ${days} days`}, days with every order served: ${achieved} (95% interval ${lower}–${upper}); target ${target}`,
    unreachable: "The store's capacities cannot reach the target", emptyJournal: "The journal is empty", undone: "undone",
    copySheet: "Copy", printSheet: "Print", copied: "Copied", keepOrder: "Keep order", keptOrdersTitle: "Purchase orders",
    receiveOrder: "Receive", orderOpen: "open", orderReceived: "received",
    keptOrder: (id) => `Purchase order ${id} kept`,
    orderLine: (order, lines) => `#${order.id} ${order.supplierName || order.supplier}${order.arrives ? ` · arrives ${order.arrives}` : ""}: ${lines}`,
  },
};

// This module's own state: the stock screen's staged changes, the event stream and the staff panel's readings.
const page = { staged: {}, events: null, panel: null, panelLoading: false, panelAgain: false };
const t = () => TEXT[state.lang];

// ---- rendering ----

function render() {
  const text = t();
  document.documentElement.lang = state.lang;
  $("order-title").textContent = text.title;
  $("open-stock").textContent = text.editStock;
  $("stock-title").textContent = text.stockTitle;
  $("close-stock").textContent = words().close;
  $("apply").textContent = text.apply;
  $("discard").textContent = text.discard;
  $("lang-toggle").textContent = text.toggle;
  $("staff-login").textContent = text.staff;
  $("staff-logout").textContent = text.logout;
  // The page holds the staff token for this tab only (sessionStorage); "log out" forgets it.
  $("staff-login").hidden = Boolean(token());
  $("staff-logout").hidden = !token();
  for (const element of document.querySelectorAll("[data-text]")) element.textContent = text[element.dataset.text];

  const fruits = $("fruits");
  fruits.replaceChildren(...state.fruits.map((fruit) => {
    const item = document.createElement("li");
    item.dataset.fruit = fruit.id;
    item.innerHTML = `<span class="emoji"></span><span class="name"></span> <span class="count"></span>`;
    item.querySelector(".emoji").textContent = fruit.emoji || "";
    item.querySelector(".name").textContent = nameOf(fruit);
    item.querySelector(".count").textContent = state.stock[fruit.id] ?? 0;
    return item;
  }));

  const juices = $("juices");
  juices.replaceChildren(...(state.menu ? state.menu.juices : []).map((juice) => {
    // How many the stock makes, as the server counted it (the menu's reading, the last stock event or change).
    const count = state.makeable[juice.id] ?? 0;
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.juice = juice.id;
    // Marked and greyed when none can be made; pressing it still explains what is short and offers the stock screen.
    button.setAttribute("aria-disabled", String(count === 0));
    button.classList.toggle("sold-out", count === 0);
    // The price as the menu has it now (a juice without one shows none).
    const priced = Number.isInteger(juice.price);
    button.innerHTML = `<span class="label"></span>${priced ? `<span class="price"></span>` : ""}<span class="makeable"></span>`;
    button.querySelector(".label").textContent = text.order(nameOf(juice));
    if (priced) button.querySelector(".price").textContent = money(juice.price);
    button.querySelector(".makeable").textContent = count === 0 ? text.soldOut : text.makeable(count);
    button.addEventListener("click", () => order(juice));
    return button;
  }));
  renderSteppers();
  renderPanel();
}

function renderSteppers() {
  const text = t();
  $("steppers").replaceChildren(...state.fruits.map((fruit) => {
    const base = state.stock[fruit.id] ?? 0;
    const capacity = state.capacity[fruit.id] ?? 0;
    const value = Math.min(Math.max(base + (page.staged[fruit.id] || 0), 0), Math.max(capacity, base));
    const item = document.createElement("li");
    item.dataset.fruit = fruit.id;
    item.classList.toggle("changed", value !== base);
    item.innerHTML = `<span class="label"></span><button type="button" class="minus">−</button><span class="value"></span><button type="button" class="plus">+</button>`;
    item.querySelector(".label").textContent = `${fruit.emoji || ""} ${nameOf(fruit)}`;
    item.querySelector(".value").textContent = value;
    const minus = item.querySelector(".minus");
    const plus = item.querySelector(".plus");
    minus.setAttribute("aria-label", `${nameOf(fruit)} ${text.decrease}`);
    plus.setAttribute("aria-label", `${nameOf(fruit)} ${text.increase}`);
    minus.disabled = value <= 0;
    plus.disabled = value >= capacity;
    minus.addEventListener("click", () => step(fruit.id, -1));
    plus.addEventListener("click", () => step(fruit.id, +1));
    return item;
  }));
}

function step(fruit, by) {
  page.staged[fruit] = (page.staged[fruit] || 0) + by;
  if (page.staged[fruit] === 0) delete page.staged[fruit];
  $("stock-status").textContent = "";
  renderSteppers();
}

// ---- actions ----

async function order(juice) {
  const { status, data } = await api("POST", "/api/orders", { juice: juice.id, count: 1 });
  refreshPanel();
  if (status === 201) {
    takeStock(data);
    redraw();
    await notice(data.message);
  } else if (status === 409 && data && data.error.code === "insufficient-stock") {
    if (await ask(data.error.message, data.error.details)) showStock(true);
  } else {
    await notice(errorText(status, data));
  }
}

function showStock(open) {
  closeScreens("stock");
  $("order-screen").hidden = open;
  $("stock-screen").hidden = !open;
  page.staged = {};
  $("stock-status").textContent = "";
  renderSteppers();
}

async function applyStock() {
  const changes = Object.entries(page.staged).map(([fruit, delta]) => (delta > 0 ? { fruit, add: delta } : { fruit, remove: -delta }));
  if (changes.length === 0) { $("stock-status").textContent = t().nothingStaged; return; }
  const { status, data } = await staffCall("POST", "/api/stock", { changes });
  if (status === 200) {
    page.staged = {};
    takeStock(data);
    redraw();
    $("stock-status").textContent = data.message;
    checkReload();
    refreshPanel();
  } else if (status !== 401) {
    await notice(errorText(status, data));
  }
}

// ---- staff panel ----

const percent = (value) => `${(value * 100).toFixed(1)}%`;

// Today's sales, the journal and tomorrow's purchase list, read again after every change; shown only to staff (a
// staff token was given and the server accepts it). Sales and journal first, then the plan (which may take a moment
// to make the first time). One reading at a time; a change during one asks for another.
async function refreshPanel() {
  if (!token()) { page.panel = null; renderPanel(); return; }
  if (page.panelLoading) { page.panelAgain = true; return; }
  page.panelLoading = true;
  try {
    const [sales, history, purchases] = await Promise.all([api("GET", "/api/sales/today"), api("GET", "/api/history?limit=20"),
      api("GET", "/api/purchases?status=all")]);
    if (sales.status === 200 && history.status === 200) {
      page.panel = { sales: sales.data, history: history.data.entries, plan: page.panel ? page.panel.plan : null,
        purchases: purchases.status === 200 ? purchases.data.orders : [] };
      renderPanel();
      const plan = await api("GET", "/api/plan");
      if (plan.status === 200 && page.panel) {
        page.panel.plan = plan.data;
        // Still being made (the plan, or the replay of the last weeks after it): ask again in a moment (unless a
        // change asks sooner).
        if (plan.data.status === "planning" || plan.data.recentPending) setTimeout(() => { if (page.panel) refreshPanel(); }, 1000);
      }
    } else {
      page.panel = null;
    }
  } catch (_) {
    page.panel = null;
  } finally {
    page.panelLoading = false;
  }
  renderPanel();
  if (page.panelAgain) { page.panelAgain = false; refreshPanel(); }
}

function renderPanel() {
  const panel = page.panel;
  $("staff-panel").hidden = !panel;
  if (!panel) return;
  const text = t();
  const { sales, plan, history } = panel;
  $("sales-summary").textContent = sales.served + sales.refused === 0
    ? text.noSales : text.salesSummary(sales.day, sales.served, sales.refused) + (sales.priced ? text.revenue(sales.revenue) : "");
  $("sales-table").hidden = sales.juices.length === 0;
  $("sales-table").classList.toggle("priced", sales.priced);
  $("sales-rows").replaceChildren(...sales.juices.map((juice) => {
    const row = document.createElement("tr");
    row.dataset.juice = juice.juice;
    row.append(cell(nameOf({ id: juice.juice, name: juice.name })), cell(juice.served, "served"), cell(juice.refused, "refused"),
      cell(juice.revenue.toLocaleString(), "revenue"));
    return row;
  }));
  $("stockroom-summary-title").textContent = stockRoomSummaryTitle();
  $("stockroom-summary").replaceChildren(...stockRoomSummary(sales.stockRoom).map(([kind, line]) => {
    const item = document.createElement("li");
    item.dataset.line = kind;
    item.textContent = line;
    return item;
  }));

  // Whether the plan kept its promise lately: the last weeks replayed, beside the target.
  const recent = plan && plan.recent;
  $("plan-recent").textContent = recent
    ? text.recent(recent.days, percent(recent.achieved.value), percent(recent.achieved.lower), percent(recent.achieved.upper), percent(plan.target))
    : "";
  const detail = plan && plan.plan;
  $("plan-table").hidden = !detail;
  if (detail) {
    const estimate = detail.serviceLevel;
    $("plan-summary").textContent = text.planSummary(detail.day, percent(estimate.value), percent(estimate.lower),
      percent(estimate.upper), percent(plan.target), percent(detail.fillRate)) + (detail.reachable ? "" : ` (${text.unreachable})`);
    $("plan-rows").replaceChildren(...detail.fruits.map((fruit) => {
      const row = document.createElement("tr");
      row.dataset.fruit = fruit.fruit;
      row.classList.toggle("buy", fruit.toBuy > 0);
      row.append(cell(`${fruit.emoji || ""} ${nameOf({ id: fruit.fruit, name: fruit.name })}`.trim()), cell(fruit.onHand, "on-hand"),
        cell(fruit.level, "level"), cell(fruit.toBuy, "to-buy"));
      return row;
    }));
  } else {
    $("plan-summary").textContent = (plan && plan.message) || "";
    $("plan-rows").replaceChildren();
  }
  // With suppliers: each supplier's next purchase order as a sheet, to copy into a message or print.
  $("purchase-orders").replaceChildren(...((detail && detail.orders) || []).map((order) => {
    const article = document.createElement("article");
    article.className = "purchase-order";
    article.dataset.supplier = order.supplier;
    article.classList.toggle("below-minimum", !order.minimumMet);
    const sheet = document.createElement("pre");
    sheet.className = "sheet";
    sheet.textContent = order.sheet;
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "secondary copy-sheet";
    copy.textContent = text.copySheet;
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(order.sheet); copy.textContent = text.copied; } catch (_) { /* no clipboard: select the text */ }
    });
    const print = document.createElement("button");
    print.type = "button";
    print.className = "secondary print-sheet";
    print.textContent = text.printSheet;
    print.addEventListener("click", () => {
      article.classList.add("printing");
      window.print();
      article.classList.remove("printing");
    });
    const keep = document.createElement("button");
    keep.type = "button";
    keep.className = "keep-order";
    keep.textContent = text.keepOrder;
    keep.hidden = order.lines.length === 0;
    keep.addEventListener("click", () => keepOrder(order));
    const bar = document.createElement("div");
    bar.className = "bar";
    bar.append(copy, print, keep);
    article.append(sheet, bar);
    return article;
  }));

  // The purchase orders kept (newest first): open ones can be received as ordered.
  const kept = panel.purchases || [];
  $("kept-orders-title").hidden = kept.length === 0;
  $("kept-orders").replaceChildren(...kept.slice(0, 20).map((order) => {
    const item = document.createElement("li");
    item.dataset.order = order.id;
    item.dataset.status = order.status;
    const lines = order.lines.map((line) => `${fruitName(line.fruit)} ${line.units}`).join(", ");
    const label = document.createElement("span");
    label.textContent = `${text.orderLine(order, lines)} (${order.status === "open" ? text.orderOpen : text.orderReceived})`;
    item.append(label);
    if (order.status === "open") {
      const receive = document.createElement("button");
      receive.type = "button";
      receive.className = "secondary receive-order";
      receive.textContent = text.receiveOrder;
      receive.addEventListener("click", () => receiveOrder(order.id));
      item.append(" ", receive);
    }
    return item;
  }));

  $("journal").replaceChildren(...(history.length === 0 ? [text.emptyJournal] : history).map((entry) => {
    const item = document.createElement("li");
    if (typeof entry === "string") { item.textContent = entry; return item; }
    item.dataset.entry = entry.id;
    item.classList.toggle("undone", entry.undoneBy !== undefined);
    // What it did and why, in the server's words (the history is read in the page's language).
    const what = entry.label || entry.kind;
    const deltas = Object.entries(entry.deltas).map(([fruit, delta]) => `${fruitName(fruit)} ${delta > 0 ? "+" : "−"}${Math.abs(delta)}`);
    const reason = entry.reason ? ` · ${entry.reasonLabel || entry.reason}` : "";
    item.textContent = `#${entry.id} ${clock(entry.time)} ${what}${reason}${deltas.length ? ` (${deltas.join(", ")})` : ""}`
      + (entry.undoneBy !== undefined ? ` — ${text.undone}` : "");
    return item;
  }));
}

async function undo() {
  const { status, data } = await staffCall("POST", "/api/undo");
  if (status === 200) {
    takeStock(data);
    redraw();
    $("undo-status").textContent = data.message;
  } else if (status !== 401) {
    $("undo-status").textContent = errorText(status, data);
  }
  refreshPanel();
}

// Keeps a planned purchase order (POST /api/purchases), as the plan has it.
async function keepOrder(order) {
  const body = { supplier: order.supplier, orderBy: order.orderBy, arrives: order.arrives,
    lines: order.lines.map((line) => ({ fruit: line.fruit, packs: line.packs, units: line.units })) };
  const { status, data } = await staffCall("POST", "/api/purchases", body);
  // Kept; what staff should know of it (below the minimum, kept twice, bought elsewhere) follows.
  showKeptOrders(status, data, 201, () => [t().keptOrder(data.id), ...(data.notes || []).map((note) => note.message)].join(" · "));
}

// Says how a purchase order call went under the kept orders (`success()` when it answered `ok`, the error otherwise;
// a 401 has asked for the token already), then redraws the panel.
function showKeptOrders(status, data, ok, success) {
  if (status === ok) {
    $("kept-orders-status").textContent = success();
  } else if (status !== 401) {
    $("kept-orders-status").textContent = errorText(status, data);
  }
  refreshPanel();
}

// Receives a kept purchase order as ordered (POST /api/purchases/{id}/receive): one delivery, all or nothing.
async function receiveOrder(id) {
  const { status, data } = await staffCall("POST", `/api/purchases/${id}/receive`);
  showKeptOrders(status, data, 200, () => {
    takeStock(data);
    redraw();
    return data.message;
  });
}

// ---- live state ----

async function refresh() {
  const { status, data } = await api("GET", "/api/menu");
  if (status !== 200) return;
  state.menu = data;
  state.fruits = data.fruits;
  state.stock = data.stock;
  state.capacity = data.capacity;
  state.makeable = Object.fromEntries(data.juices.map((juice) => [juice.id, juice.makeable]));
  redraw();
  checkReload();
  refreshPanel();
}

// Staff (and anyone when the server has no staff token) see a banner while the menu files on disk are broken.
async function checkReload() {
  const headers = { "Accept-Language": state.lang };
  if (token()) headers.Authorization = `Bearer ${token()}`;
  let data = null;
  try {
    const response = await fetch("/api/reload", { headers });
    if (response.status === 200) data = await response.json();
  } catch (_) { data = null; }
  const attempt = data && data.lastAttempt;
  const banner = $("banner");
  if (attempt && attempt.result === "rejected") {
    const problems = attempt.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.location}: ${d.message}`);
    banner.textContent = t().banner(problems.join("\n"));
    banner.hidden = false;
  } else {
    banner.hidden = true;
  }
}

function connect() {
  if (page.events) page.events.close();
  const events = new EventSource("/api/events");
  page.events = events;
  // (Re)connected: events may have been missed meanwhile, so the menu screen, when open, reads the menu again too.
  events.addEventListener("open", () => { $("connection").textContent = t().connected; refresh(); loadMenuEditor(); });
  events.addEventListener("stock", (event) => {
    const data = JSON.parse(event.data);
    state.stock = data.stock;
    state.capacity = data.capacity;
    state.fruits = data.fruits;
    state.makeable = data.makeable;
    redraw();
    refreshPanel();
    stockRoomChanged();
  });
  events.addEventListener("menu", (event) => { refresh(); menuEvent(JSON.parse(event.data)); });
  events.addEventListener("error", () => {
    $("connection").textContent = t().offline;
    // The browser retries by itself unless the stream was refused; then start over after a second.
    if (events.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
  });
}

$("open-stock").addEventListener("click", () => showStock(true));
$("close-stock").addEventListener("click", () => showStock(false));
$("discard").addEventListener("click", () => { page.staged = {}; $("stock-status").textContent = ""; renderSteppers(); });
$("apply").addEventListener("click", applyStock);
$("staff-login").addEventListener("click", async () => {
  if (await askToken(words().tokenPrompt)) { checkReload(); refreshPanel(); }
});
// Ends the staff session on this page: the token is forgotten, the staff panel and the broken-menu banner go, and
// the next staff action asks for the token again. (The token itself stays valid for the server: to revoke it, restart
// `juice serve` with a new one.)
$("staff-logout").addEventListener("click", () => {
  sessionStorage.removeItem("juice.staffToken");
  page.panel = null;
  closeScreens();
  redraw();
  checkReload();
});
$("undo").addEventListener("click", undo);
$("lang-toggle").addEventListener("click", () => {
  state.lang = state.lang === "ko" ? "en" : "ko";
  localStorage.setItem("juice.lang", state.lang);
  redraw();
  checkReload();
  refreshPanel();
});

onRedraw(render);
redraw();
refresh();
connect();
