// The two screens of 쥬스 메이커: plain JavaScript, no build step, no network beyond this server.
"use strict";

const TEXT = {
  ko: {
    title: "맛있는 쥬스를 만들어 드려요!", order: (name) => `${name} 주문`, makeable: (n) => `${n}잔 가능`,
    price: (won) => `${won.toLocaleString("ko-KR")}원`,
    soldOut: "재료 부족", editStock: "재고수정", stockTitle: "재고 추가", close: "닫기", apply: "적용", discard: "취소",
    yes: "예", no: "아니오", ok: "확인", cancel: "취소", staff: "직원", logout: "로그아웃", tokenPrompt: "직원 토큰을 입력해 주세요",
    wrongToken: "직원 토큰이 맞지 않아요. 다시 입력해 주세요", nothingStaged: "바뀐 것이 없어요", connected: "",
    offline: "연결이 끊겼어요. 다시 연결하는 중…", toggle: "English", decrease: "빼기", increase: "더하기",
    banner: (problems) => `메뉴 파일에 문제가 있어 바꾸지 않았어요 (손님에게는 마지막 정상 메뉴가 보여요):\n${problems}`,
    panelTitle: "직원 패널", salesTitle: "오늘 판매", juiceColumn: "쥬스", servedColumn: "판매", refusedColumn: "거절",
    revenueColumn: "매출", planTitle: "내일 살 것", fruitColumn: "과일", onHandColumn: "있는 양", levelColumn: "둘 양",
    toBuyColumn: "살 양", journalTitle: "기록", undo: "되돌리기", noSales: "오늘은 아직 판매가 없어요",
    salesSummary: (day, served, refused) => `${day}: ${served}잔 판매, ${refused}잔 거절`,
    revenue: (won) => `, 매출 ${won.toLocaleString("ko-KR")}원`,
    planSummary: (day, level, lower, upper, target, fill) =>
      `${day}에 둘 양: 모든 주문이 나갈 확률 약 ${level} (95% 구간 ${lower}–${upper}, 목표 ${target}), 채움률 ${fill}`,
    recent: (days, achieved, lower, upper, target) =>
      `${days === 56 ? "지난 8주" : `지난 ${days}일`} 모든 주문이 나간 날: ${achieved} (95% 구간 ${lower}–${upper}), 목표 ${target}`,
    unreachable: "창고 용량으로는 목표에 닿지 않아요", emptyJournal: "기록이 없어요", undone: "되돌림",
    copySheet: "복사", printSheet: "인쇄", copied: "복사했어요", keepOrder: "발주 기록", keptOrdersTitle: "발주 내역",
    receiveOrder: "입고", orderOpen: "입고 전", orderReceived: "입고됨",
    keptOrder: (id) => `발주 ${id}번을 기록했어요`,
    orderLine: (order, lines) => `${order.id}번 ${order.supplierName || order.supplier}${order.arrives ? ` · ${order.arrives} 도착` : ""}: ${lines}`,
    entry: {
      order: (juice, count) => `${juice} ${count}잔 주문`, add: () => "재고 추가", remove: () => "재고 빼기",
      set: () => "재고 맞추기", reset: () => "재고 초기화", undo: (id) => `#${id} 되돌리기`, delivery: () => "입고",
      waste: () => "폐기", count: () => "재고 조사", retire: () => "메뉴에서 빠진 과일 정리",
    },
  },
  en: {
    title: "Let us make you a delicious juice!", order: (name) => `Order ${name}`, makeable: (n) => `${n} can be made`,
    price: (won) => `₩${won.toLocaleString("en-US")}`,
    soldOut: "Out of ingredients", editStock: "Edit stock", stockTitle: "Add stock", close: "Close", apply: "Apply",
    discard: "Discard", yes: "Yes", no: "No", ok: "OK", cancel: "Cancel", staff: "Staff", logout: "Log out", tokenPrompt: "Enter the staff token",
    wrongToken: "That staff token is not correct. Try again", nothingStaged: "Nothing to apply", connected: "",
    offline: "Disconnected. Reconnecting…", toggle: "한국어", decrease: "Decrease", increase: "Increase",
    banner: (problems) => `The menu files have a problem and were not applied (customers keep the last good menu):\n${problems}`,
    panelTitle: "Staff panel", salesTitle: "Today's sales", juiceColumn: "Juice", servedColumn: "Served", refusedColumn: "Refused",
    revenueColumn: "Revenue", planTitle: "To buy for tomorrow", fruitColumn: "Fruit", onHandColumn: "On hand",
    levelColumn: "Level", toBuyColumn: "To buy", journalTitle: "Journal", undo: "Undo", noSales: "No sales yet today",
    salesSummary: (day, served, refused) => `${day}: ${served} served, ${refused} refused`,
    revenue: (won) => `, revenue ₩${won.toLocaleString("en-US")}`,
    planSummary: (day, level, lower, upper, target, fill) =>
      `Stock for ${day}: every order served with probability about ${level} (95% interval ${lower}–${upper}, target ${target}); fill rate ${fill}`,
    recent: (days, achieved, lower, upper, target) =>
      `${days === 56 ? "Last 8 weeks" : `Last ${days} days`}, days with every order served: ${achieved} (95% interval ${lower}–${upper}); target ${target}`,
    unreachable: "The store's capacities cannot reach the target", emptyJournal: "The journal is empty", undone: "undone",
    copySheet: "Copy", printSheet: "Print", copied: "Copied", keepOrder: "Keep order", keptOrdersTitle: "Purchase orders",
    receiveOrder: "Receive", orderOpen: "open", orderReceived: "received",
    keptOrder: (id) => `Purchase order ${id} kept`,
    orderLine: (order, lines) => `#${order.id} ${order.supplierName || order.supplier}${order.arrives ? ` · arrives ${order.arrives}` : ""}: ${lines}`,
    entry: {
      order: (juice, count) => `${count} × ${juice} ordered`, add: () => "Stock added", remove: () => "Stock removed",
      set: () => "Stock set", reset: () => "Stock reset", undo: (id) => `Undo of #${id}`, delivery: () => "Delivery received",
      waste: () => "Waste", count: () => "Stock count", retire: () => "Retired fruit cleared",
    },
  },
};

const state = {
  lang: localStorage.getItem("juice.lang") || (document.documentElement.lang === "en" ? "en" : "ko"),
  menu: null, stock: {}, capacity: {}, fruits: [], staged: {}, events: null,
  panel: null, panelLoading: false, panelAgain: false,
};
const $ = (id) => document.getElementById(id);
const t = () => TEXT[state.lang];
const nameOf = (item) => (state.lang === "en" ? item.name.en || item.name.ko : item.name.ko || item.name.en) || item.id;
const token = () => sessionStorage.getItem("juice.staffToken");

async function api(method, path, body, extraHeaders = {}) {
  const headers = { "Accept-Language": state.lang, ...extraHeaders };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token()) headers.Authorization = `Bearer ${token()}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  return { status: response.status, data, etag: response.headers.get("ETag") };
}

// ---- rendering ----

function makeable(juice) {
  const need = {};
  for (const part of juice.recipe) need[part.fruit] = (need[part.fruit] || 0) + part.amount;
  let best = Infinity;
  for (const [fruit, amount] of Object.entries(need)) if (amount > 0) best = Math.min(best, Math.floor((state.stock[fruit] || 0) / amount));
  return best === Infinity ? 0 : best;
}

function render() {
  const text = t();
  document.documentElement.lang = state.lang;
  $("order-title").textContent = text.title;
  $("open-stock").textContent = text.editStock;
  $("stock-title").textContent = text.stockTitle;
  $("close-stock").textContent = text.close;
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
    const count = makeable(juice);
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
    if (priced) button.querySelector(".price").textContent = text.price(juice.price);
    button.querySelector(".makeable").textContent = count === 0 ? text.soldOut : text.makeable(count);
    button.addEventListener("click", () => order(juice));
    return button;
  }));
  renderSteppers();
  renderPanel();
  renderMenuEditor();
  renderStockRoom();
}

function renderSteppers() {
  const text = t();
  $("steppers").replaceChildren(...state.fruits.map((fruit) => {
    const base = state.stock[fruit.id] ?? 0;
    const capacity = state.capacity[fruit.id] ?? 0;
    const value = Math.min(Math.max(base + (state.staged[fruit.id] || 0), 0), Math.max(capacity, base));
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
  state.staged[fruit] = (state.staged[fruit] || 0) + by;
  if (state.staged[fruit] === 0) delete state.staged[fruit];
  $("stock-status").textContent = "";
  renderSteppers();
}

// ---- dialogs ----

function dialog(message, details, buttons, withInput) {
  return new Promise((resolve) => {
    $("dialog-message").textContent = message;
    $("dialog-details").replaceChildren(...(details || []).map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
    const input = $("token-input");
    input.hidden = !withInput;
    input.value = "";
    $("dialog-buttons").replaceChildren(...buttons.map(([label, value, id]) => {
      const button = document.createElement("button");
      button.type = "button";
      button.id = id;
      button.textContent = label;
      if (value === false) button.className = "secondary";
      button.addEventListener("click", () => {
        $("dialog").hidden = true;
        resolve(withInput && value ? input.value.trim() : value);
      });
      return button;
    }));
    $("dialog").hidden = false;
    (withInput ? input : $("dialog-buttons").lastChild).focus();
  });
}

const notice = (message, details) => dialog(message, details, [[t().ok, true, "dialog-ok"]]);

async function askToken(message) {
  const value = await dialog(message, [], [[t().cancel, false, "dialog-cancel"], [t().ok, true, "dialog-ok"]], true);
  if (value) { sessionStorage.setItem("juice.staffToken", value); render(); }
  return Boolean(value);
}

// A staff request: asks for the token once per browser session, again if it is refused.
async function staffCall(method, path, body, headers = {}) {
  let result = await api(method, path, body, headers);
  while (result.status === 401) {
    if (!(await askToken(token() ? t().wrongToken : t().tokenPrompt))) return result;
    result = await api(method, path, body, headers);
  }
  return result;
}

// ---- actions ----

async function order(juice) {
  const { status, data } = await api("POST", "/api/orders", { juice: juice.id, count: 1 });
  refreshPanel();
  if (status === 201) {
    if (data.stock) Object.assign(state.stock, data.stock);
    render();
    await notice(data.message);
  } else if (status === 409 && data && data.error.code === "insufficient-stock") {
    const yes = await dialog(data.error.message, data.error.details, [[t().no, false, "dialog-no"], [t().yes, true, "dialog-yes"]]);
    if (yes) showStock(true);
  } else {
    await notice(data ? data.error.message : `HTTP ${status}`);
  }
}

function showStock(open) {
  if (menuEditor.open) showMenu(false);
  if (stockRoom.open) showStockRoom(null);
  $("order-screen").hidden = open;
  $("stock-screen").hidden = !open;
  state.staged = {};
  $("stock-status").textContent = "";
  renderSteppers();
}

async function applyStock() {
  const changes = Object.entries(state.staged).map(([fruit, delta]) => (delta > 0 ? { fruit, add: delta } : { fruit, remove: -delta }));
  if (changes.length === 0) { $("stock-status").textContent = t().nothingStaged; return; }
  const { status, data } = await staffCall("POST", "/api/stock", { changes });
  if (status === 200) {
    state.staged = {};
    Object.assign(state.stock, data.stock);
    render();
    $("stock-status").textContent = data.message;
    checkReload();
    refreshPanel();
  } else if (status !== 401) {
    await notice(data ? data.error.message : `HTTP ${status}`);
  }
}

// ---- staff panel ----

const percent = (value) => `${(value * 100).toFixed(1)}%`;
const juiceName = (id) => {
  const juice = state.menu && state.menu.juices.find((item) => item.id === id);
  return juice ? nameOf(juice) : id;
};
const fruitName = (id) => {
  const fruit = state.fruits.find((item) => item.id === id);
  return fruit ? nameOf(fruit) : id;
};
const cell = (text, className) => {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  return td;
};

// Today's sales, the journal and tomorrow's purchase list, read again after every change; shown only to staff (a
// staff token was given and the server accepts it). Sales and journal first, then the plan (which may take a moment
// to make the first time). One reading at a time; a change during one asks for another.
async function refreshPanel() {
  if (!token()) { state.panel = null; renderPanel(); return; }
  if (state.panelLoading) { state.panelAgain = true; return; }
  state.panelLoading = true;
  try {
    const [sales, history, purchases] = await Promise.all([api("GET", "/api/sales/today"), api("GET", "/api/history?limit=20"),
      api("GET", "/api/purchases?status=all")]);
    if (sales.status === 200 && history.status === 200) {
      state.panel = { sales: sales.data, history: history.data.entries, plan: state.panel ? state.panel.plan : null,
        purchases: purchases.status === 200 ? purchases.data.orders : [] };
      renderPanel();
      const plan = await api("GET", "/api/plan");
      if (plan.status === 200 && state.panel) {
        state.panel.plan = plan.data;
        // Still being made (the plan, or the replay of the last weeks after it): ask again in a moment (unless a
        // change asks sooner).
        if (plan.data.status === "planning" || plan.data.recentPending) setTimeout(() => { if (state.panel) refreshPanel(); }, 1000);
      }
    } else {
      state.panel = null;
    }
  } catch (_) {
    state.panel = null;
  } finally {
    state.panelLoading = false;
  }
  renderPanel();
  if (state.panelAgain) { state.panelAgain = false; refreshPanel(); }
}

function renderPanel() {
  const panel = state.panel;
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
  $("stockroom-summary-title").textContent = srt().panel.title;
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
    const describe = text.entry[entry.kind] || (() => entry.kind);
    const what = entry.kind === "order" ? describe(juiceName(entry.juice), entry.count) : describe(entry.undoes);
    const deltas = Object.entries(entry.deltas).map(([fruit, delta]) => `${fruitName(fruit)} ${delta > 0 ? "+" : "−"}${Math.abs(delta)}`);
    const time = new Date(entry.time);
    const clock = Number.isNaN(time.getTime()) ? entry.time : time.toLocaleTimeString(state.lang === "en" ? "en-US" : "ko-KR");
    const reason = entry.reason ? ` · ${srt().reasons[entry.reason] || entry.reason}` : "";
    item.textContent = `#${entry.id} ${clock} ${what}${reason}${deltas.length ? ` (${deltas.join(", ")})` : ""}`
      + (entry.undoneBy !== undefined ? ` — ${text.undone}` : "");
    return item;
  }));
}

async function undo() {
  const { status, data } = await staffCall("POST", "/api/undo");
  if (status === 200) {
    Object.assign(state.stock, data.stock);
    render();
    $("undo-status").textContent = data.message;
  } else if (status !== 401) {
    $("undo-status").textContent = data ? data.error.message : `HTTP ${status}`;
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
    $("kept-orders-status").textContent = data ? data.error.message : `HTTP ${status}`;
  }
  refreshPanel();
}

// Receives a kept purchase order as ordered (POST /api/purchases/{id}/receive): one delivery, all or nothing.
async function receiveOrder(id) {
  const { status, data } = await staffCall("POST", `/api/purchases/${id}/receive`);
  showKeptOrders(status, data, 200, () => {
    Object.assign(state.stock, data.stock);
    render();
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
  render();
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
  if (state.events) state.events.close();
  const events = new EventSource("/api/events");
  state.events = events;
  // (Re)connected: events may have been missed meanwhile, so the menu screen, when open, reads the menu again too.
  events.addEventListener("open", () => { $("connection").textContent = t().connected; refresh(); loadMenuEditor(); });
  events.addEventListener("stock", (event) => {
    const data = JSON.parse(event.data);
    state.stock = data.stock;
    state.capacity = data.capacity;
    state.fruits = data.fruits;
    render();
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
$("discard").addEventListener("click", () => { state.staged = {}; $("stock-status").textContent = ""; renderSteppers(); });
$("apply").addEventListener("click", applyStock);
$("staff-login").addEventListener("click", async () => {
  if (await askToken(t().tokenPrompt)) { checkReload(); refreshPanel(); }
});
// Ends the staff session on this page: the token is forgotten, the staff panel and the broken-menu banner go, and
// the next staff action asks for the token again. (The token itself stays valid for the server: to revoke it, restart
// `juice serve` with a new one.)
$("staff-logout").addEventListener("click", () => {
  sessionStorage.removeItem("juice.staffToken");
  state.panel = null;
  if (menuEditor.open) showMenu(false);
  if (stockRoom.open) showStockRoom(null);
  render();
  renderPanel();
  checkReload();
});
$("undo").addEventListener("click", undo);
$("lang-toggle").addEventListener("click", () => {
  state.lang = state.lang === "ko" ? "en" : "ko";
  localStorage.setItem("juice.lang", state.lang);
  render();
  checkReload();
  refreshPanel();
});

render();
refresh();
connect();
