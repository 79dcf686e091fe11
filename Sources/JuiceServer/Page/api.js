// What every screen of 쥬스 메이커's page shares, as one ES module (no build step): the page's state, elements, the
// API (fetch, the staff token, errors), the dialog, money and clock text. The screens (app.js, menu.js, stockroom.js)
// import what they use from here; nothing is global and no file depends on the order scripts load in.

// The language, and what the server last said of the menu and the stock: `makeable` is how many of each juice the
// stock makes, as the server counts it (GET /api/menu's juices, every stock event and every change's answer).
export const state = {
  lang: localStorage.getItem("juice.lang") || (document.documentElement.lang === "en" ? "en" : "ko"),
  menu: null, stock: {}, capacity: {}, fruits: [], makeable: {},
};

// The words the screens share (the dialog's buttons, the staff token's prompts).
const WORDS = {
  ko: {
    yes: "예", no: "아니오", ok: "확인", cancel: "취소", close: "닫기", tokenPrompt: "직원 토큰을 입력해 주세요",
    wrongToken: "직원 토큰이 맞지 않아요. 다시 입력해 주세요",
  },
  en: {
    yes: "Yes", no: "No", ok: "OK", cancel: "Cancel", close: "Close", tokenPrompt: "Enter the staff token",
    wrongToken: "That staff token is not correct. Try again",
  },
};

/** The shared words in the page's language. */
export const words = () => WORDS[state.lang];

export const $ = (id) => document.getElementById(id);

/** A new element with its class and text (`text` undefined leaves it empty). */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A table cell. */
export const cell = (text, className) => element("td", className, text);

/** A fruit's or juice's name in the page's language (the other language's, else its id). */
export const nameOf = (item) => (state.lang === "en" ? item.name.en || item.name.ko : item.name.ko || item.name.en) || item.id;

/** A juice's name from the menu, by id (the id when the menu no longer has it). */
export const juiceName = (id) => {
  const juice = state.menu && state.menu.juices.find((item) => item.id === id);
  return juice ? nameOf(juice) : id;
};

/** A fruit's name from the stock, by id (the id when there is no such fruit). */
export const fruitName = (id) => {
  const fruit = state.fruits.find((item) => item.id === id);
  return fruit ? nameOf(fruit) : id;
};

// ---- money and clock ----

const locale = () => (state.lang === "en" ? "en-US" : "ko-KR");

/** An amount of won: "4,500원", "₩4,500". The page's one money text. */
export const money = (won) => (state.lang === "en" ? `₩${won.toLocaleString("en-US")}` : `${won.toLocaleString("ko-KR")}원`);

/** The time of day of an ISO 8601 time, in the page's language (the text as it is when it is not a time). */
export function clock(iso) {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleTimeString(locale());
}

/** The date and time of an ISO 8601 time, in the page's language (the text as it is when it is not a time). */
export function dateTime(iso) {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleString(locale());
}

/** A difference with its sign: "+2", "−3", "±0". */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

// ---- drawing and screens ----

const drawers = [];

/** Asks for `draw` to run whenever the page draws itself again (`redraw`). */
export const onRedraw = (draw) => { drawers.push(draw); };

/** Draws the page again: every screen's `onRedraw`, in the order they asked. */
export function redraw() {
  for (const draw of drawers) draw();
}

const screens = new Map();

/** Names a screen that takes the page's place, with how to close it. */
export const screen = (name, close) => { screens.set(name, close); };

/** Closes every named screen but `except` (opening one closes the others; none given: all). */
export function closeScreens(except) {
  for (const [name, close] of screens) if (name !== except) close();
}

/** Takes the stock and what it makes from a change's answer (or a stock event). */
export function takeStock(data) {
  if (!data) return;
  if (data.stock) Object.assign(state.stock, data.stock);
  if (data.makeable) Object.assign(state.makeable, data.makeable);
}

// ---- the API ----

/** The staff token given in this tab (sessionStorage), or null. */
export const token = () => sessionStorage.getItem("juice.staffToken");

/** One request to the server in the page's language, with the staff token when there is one. */
export async function api(method, path, body, extraHeaders = {}) {
  const headers = { "Accept-Language": state.lang, ...extraHeaders };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token()) headers.Authorization = `Bearer ${token()}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch (_) { data = null; }
  return { status: response.status, data, etag: response.headers.get("ETag") };
}

/** What an error answer says (its message; the status when it has no body). */
export const errorText = (status, data) => (data && data.error ? data.error.message : `HTTP ${status}`);

// ---- the dialog ----

/** Shows `message` (and `details`, a line each) with `buttons` ([label, value, id]); answers the value pressed. */
export function dialog(message, details, buttons, withInput) {
  return new Promise((resolve) => {
    $("dialog-message").textContent = message;
    $("dialog-details").replaceChildren(...(details || []).map((line) => element("li", "", line)));
    const input = $("token-input");
    input.hidden = !withInput;
    input.value = "";
    $("dialog-buttons").replaceChildren(...buttons.map(([label, value, id]) => {
      const button = element("button", value === false ? "secondary" : "", label);
      button.type = "button";
      button.id = id;
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

/** Says `message` until staff press OK. */
export const notice = (message, details) => dialog(message, details, [[words().ok, true, "dialog-ok"]]);

/** A yes-or-no question: answers true for yes. */
export const ask = (message, details, yes = words().yes, no = words().no) =>
  dialog(message, details, [[no, false, "dialog-no"], [yes, true, "dialog-yes"]]);

/** Asks for the staff token; keeps it for this tab and draws the page again when one is given. */
export async function askToken(message) {
  let prompt = message;
  for (;;) {
    const value = await dialog(prompt, [], [[words().cancel, false, "dialog-cancel"], [words().ok, true, "dialog-ok"]], true);
    if (!value) return false;
    // The token is tried on a staff route before it is kept: a wrong one is said at once, not at the first action.
    const headers = { "Accept-Language": state.lang, Authorization: `Bearer ${value}` };
    const response = await fetch("/api/history?limit=1", { headers });
    if (response.status === 401) { prompt = words().wrongToken; continue; }
    if (response.status === 429) {
      let data = null;
      try { data = await response.json(); } catch (_) { data = null; }
      prompt = errorText(response.status, data);
      continue;
    }
    sessionStorage.setItem("juice.staffToken", value);
    redraw();
    return true;
  }
}

/** A staff request: asks for the token once per browser session, again if it is refused. */
export async function staffCall(method, path, body, headers = {}) {
  let result = await api(method, path, body, headers);
  while (result.status === 401) {
    if (!(await askToken(token() ? words().wrongToken : words().tokenPrompt))) return result;
    result = await api(method, path, body, headers);
  }
  return result;
}
