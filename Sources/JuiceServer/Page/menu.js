// The menu screen (메뉴 수정), for staff: every juice and fruit as the recipe files define them, changed in place and
// written back by the server as the smallest text edit of the file (GET /api/menu/editable and /api/menu/…). A module:
// what it shares with the other screens comes from api.js; app.js reads the menu again through `loadMenuEditor` and
// hands it `menu` events (`menuEvent`).
import {
  $, api, ask, closeScreens, dateTime, element, errorText, money, nameOf, notice, onRedraw, screen, staffCall, state, token, words,
} from "./api.js";

const MENU_TEXT = {
  ko: {
    open: "메뉴 수정", title: "메뉴 수정", juices: "쥬스", fruits: "과일", edits: "수정 기록", undo: "마지막 수정 되돌리기",
    nameKo: "이름 (한국어)", nameEn: "이름 (영어)", aliases: "다른 이름 (쉼표로 구분)", price: "가격 (원)", recipe: "레시피 (개수)",
    id: "아이디 (영문 소문자와 -)", file: "파일 (비우면 쥬스가 있는 파일)", fruitFile: "파일 (비우면 과일이 있는 파일)",
    emoji: "이모지", stock: "처음 재고", capacity: "창고 용량", save: "저장", remove: "삭제", add: "추가",
    newJuice: "새 쥬스", newFruit: "새 과일", noPrice: "가격 없음",
    confirmRemove: (name) => `${name}을(를) 메뉴에서 뺄까요?`, nothingChanged: "바뀐 것이 없어요",
    refused: "이 수정은 메뉴 규칙에 맞지 않아 저장하지 않았어요:", stale: "그 사이 다른 곳에서 메뉴가 바뀌었어요. 지금 메뉴를 보여 드려요. 다시 수정해 주세요.",
    readOnly: (why) => `메뉴 파일을 고칠 수 없어요: ${why}`, fileErrors: "디스크의 메뉴 파일에 문제가 있어요 (손님에게는 마지막 정상 메뉴가 보여요):",
    noEdits: "아직 수정 기록이 없어요", undone: "되돌림", diff: "바뀐 줄",
  },
  en: {
    open: "Edit menu", title: "Edit menu", juices: "Juices", fruits: "Fruits", edits: "Edit record", undo: "Undo the last edit",
    nameKo: "Name (Korean)", nameEn: "Name (English)", aliases: "Other names (comma-separated)", price: "Price (won)",
    recipe: "Recipe (units)", id: "Id (lowercase letters and -)", file: "File (empty: the file that holds the juices)",
    fruitFile: "File (empty: the file that holds the fruits)", emoji: "Emoji", stock: "Initial stock", capacity: "Capacity",
    save: "Save", remove: "Remove", add: "Add", newJuice: "New juice", newFruit: "New fruit", noPrice: "no price",
    confirmRemove: (name) => `Remove ${name} from the menu?`,
    nothingChanged: "Nothing changed", refused: "This edit breaks the menu's rules and was not saved:",
    stale: "The menu changed elsewhere in the meantime. Here is the menu now; please make your change again.",
    readOnly: (why) => `The menu files cannot be changed: ${why}`,
    fileErrors: "The menu files on disk have problems (customers keep the last good menu):", noEdits: "No edits yet",
    undone: "undone", diff: "Changed lines",
  },
};

// `loading`/`saving`: a reading of the menu or an edit is under way; `pending`: what was asked for meanwhile (the
// version a `menu` event named, or `force`: read again whatever it is), looked at once they are done (menuSettled).
// `drawn`: what the lists were last drawn from (see renderMenuEditor).
const menuEditor = {
  open: false, menu: null, etag: null, edits: [], loading: false, saving: false, pending: null,
  drawn: { menu: null, edits: null, lang: null }, draws: 0,
};
const mt = () => MENU_TEXT[state.lang];

// This tab's name in the edit record (the server records it with each write).
function staffSession() {
  let session = sessionStorage.getItem("juice.staffSession");
  if (!session) {
    session = `page-${Math.random().toString(36).slice(2, 10)}`;
    sessionStorage.setItem("juice.staffSession", session);
  }
  return session;
}

// A labelled input; `value` undefined leaves it empty.
function field(label, name, value, type = "text") {
  const wrapper = element("label", "field");
  wrapper.append(element("span", "field-label", label));
  const input = element("input");
  input.type = type;
  input.name = name;
  if (type === "number") { input.min = "0"; input.step = "1"; input.inputMode = "numeric"; }
  if (value !== undefined && value !== null) input.value = String(value);
  wrapper.append(input);
  return wrapper;
}

// The recipe as one number per fruit of the menu (empty or 0: not in the recipe).
function recipeFields(recipe) {
  const box = element("fieldset", "recipe");
  box.append(element("legend", "", mt().recipe));
  const amounts = {};
  for (const part of recipe || []) amounts[part.fruit] = (amounts[part.fruit] || 0) + part.amount;
  for (const fruit of menuEditor.menu.fruits) {
    const item = field(`${fruit.emoji || ""} ${nameOf(fruit)}`, `fruit:${fruit.id}`, amounts[fruit.id], "number");
    item.dataset.fruit = fruit.id;
    box.append(item);
  }
  return box;
}

const valueOf = (form, name) => form.querySelector(`[name="${CSS.escape(name)}"]`).value.trim();
const numberOf = (form, name) => (valueOf(form, name) === "" ? undefined : Number(valueOf(form, name)));
const aliasesOf = (form) => valueOf(form, "aliases").split(/[,，]/).map((a) => a.trim()).filter((a) => a !== "");

function recipeOf(form) {
  const recipe = {};
  for (const input of form.querySelectorAll('input[name^="fruit:"]')) {
    const amount = input.value.trim() === "" ? 0 : Number(input.value);
    if (amount !== 0) recipe[input.name.slice("fruit:".length)] = amount;
  }
  return recipe;
}

function sameRecipe(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if ((a[key] || 0) !== (b[key] || 0)) return false;
  return true;
}

// ---- reading and writing ----

// Reads the menu and the record again and draws them. One reading at a time: asked for during one, it reads once more
// afterwards; a `menu` event during one (or during an edit) is kept in `pending` and looked at afterwards.
export async function loadMenuEditor() {
  if (!menuEditor.open) return;
  if (menuEditor.loading) { menuEditor.pending = { version: null, force: true }; return; }
  menuEditor.loading = true;
  menuEditor.pending = null;
  try {
    const result = await staffCall("GET", "/api/menu/editable");
    if (result.status === 200) {
      // The menu and the record are taken in together, once both are read: the page may draw itself meanwhile.
      const edits = await api("GET", "/api/menu/edits?limit=10");
      menuEditor.menu = result.data;
      menuEditor.etag = result.etag || `"${result.data.version}"`;
      menuEditor.edits = edits.status === 200 ? edits.data.edits : [];
    } else if (result.status === 401) {
      showMenu(false);
    } else {
      await notice(errorText(result.status, result.data));
    }
  } finally {
    menuEditor.loading = false;
  }
  renderMenuEditor();
  menuSettled();
}

// A `menu` event (`{version, result}`: the live menu's version after a reload attempt). The screen reads the menu
// again only when the event says something it does not show: a version other than the one drawn, or a rejected
// reload (the files' errors may have changed). So an edit made here, whose answer is followed by the reading that
// draws it, is drawn once: its own event, before or after that reading, names the version drawn. While a reading
// or an edit is under way the event waits for it (it may have read the menu before the change).
export function menuEvent(event) {
  $("menu-screen").dataset.event = event.version;
  if (!menuEditor.open) return;
  const force = event.result === "rejected" || Boolean(menuEditor.pending && menuEditor.pending.force);
  menuEditor.pending = { version: event.version, force };
  menuSettled();
}

// Looks at the event kept meanwhile, once nothing is under way.
function menuSettled() {
  const event = menuEditor.pending;
  if (!event || menuEditor.loading || menuEditor.saving) return;
  menuEditor.pending = null;
  const shown = menuEditor.menu && menuEditor.menu.version;
  if (event.force || event.version !== shown) loadMenuEditor();
}

// Sends one edit with the menu version it was made on; answers what happened.
// `form`, when given, is emptied of what was typed once the edit is written (the menu drawn again shows the result).
async function sendMenuEdit(method, path, body, form) {
  const headers = { "X-Staff-Session": staffSession() };
  if (menuEditor.etag) headers["If-Match"] = menuEditor.etag;
  menuEditor.saving = true;
  let answer;
  try {
    answer = await staffCall(method, path, body, headers);
  } finally {
    menuEditor.saving = false;
  }
  const { status, data, etag } = answer;
  const error = data && data.error;
  if (status === 200 || status === 201) {
    if (etag) menuEditor.etag = etag;
    $("menu-status").textContent = data.message;
    // Warnings do not stop an edit (the lint rules' warnings, the set's own included): listed, not in the way.
    const warnings = (data.warnings || []).map((d) => `${d.location}: ${d.message}`);
    $("menu-warnings").hidden = warnings.length === 0;
    $("menu-warnings").replaceChildren(...warnings.map((line) => element("li", "", line)));
    if (form) currentForm(form).reset();
    await loadMenuEditor();
    return true;
  }
  // A refusal with the menu as it is now (stale, changed on disk) draws it; an event that came meanwhile is looked
  // at before the notice waits for staff.
  if (error && error.menu) {
    menuEditor.menu = error.menu;
    menuEditor.etag = etag || `"${error.menu.version}"`;
    renderMenuEditor();
  }
  menuSettled();
  if (status === 401) return false;
  if (status === 422 && error) {
    await notice(mt().refused, (error.diagnostics || []).map((d) => `${d.location}: ${d.message}`));
  } else if (status === 412 && error) {
    await notice(mt().stale);
  } else {
    await notice(errorText(status, data), error ? error.details : []);
  }
  return false;
}

async function saveJuice(juice, form) {
  const change = {};
  const price = numberOf(form, "price");
  if (price !== undefined && price !== juice.price) change.price = price;
  const name = {};
  if (valueOf(form, "name-ko") !== (juice.name.ko || "")) name.ko = valueOf(form, "name-ko");
  if (valueOf(form, "name-en") !== (juice.name.en || "")) name.en = valueOf(form, "name-en");
  if (Object.keys(name).length > 0) change.name = name;
  const aliases = aliasesOf(form);
  if (aliases.join("\n") !== juice.aliases.join("\n")) change.aliases = aliases;
  const before = {};
  for (const part of juice.recipe) before[part.fruit] = (before[part.fruit] || 0) + part.amount;
  const recipe = recipeOf(form);
  if (!sameRecipe(before, recipe)) change.recipe = recipe;
  if (Object.keys(change).length === 0) { $("menu-status").textContent = mt().nothingChanged; return; }
  await sendMenuEdit("PATCH", `/api/menu/juices/${encodeURIComponent(juice.id)}`, change, form);
}

async function removeJuice(juice) {
  if (await ask(mt().confirmRemove(nameOf(juice)), [])) await sendMenuEdit("DELETE", `/api/menu/juices/${encodeURIComponent(juice.id)}`);
}

async function addJuice(form) {
  const body = { id: valueOf(form, "id"), name: {}, recipe: recipeOf(form) };
  if (valueOf(form, "name-ko") !== "") body.name.ko = valueOf(form, "name-ko");
  if (valueOf(form, "name-en") !== "") body.name.en = valueOf(form, "name-en");
  const aliases = aliasesOf(form);
  if (aliases.length > 0) body.aliases = aliases;
  const price = numberOf(form, "price");
  if (price !== undefined) body.price = price;
  if (valueOf(form, "file") !== "") body.file = valueOf(form, "file");
  await sendMenuEdit("POST", "/api/menu/juices", body, form);
}

async function saveFruit(fruit, form) {
  const change = {};
  const name = {};
  if (valueOf(form, "name-ko") !== (fruit.name.ko || "")) name.ko = valueOf(form, "name-ko");
  if (valueOf(form, "name-en") !== (fruit.name.en || "")) name.en = valueOf(form, "name-en");
  if (Object.keys(name).length > 0) change.name = name;
  if (valueOf(form, "emoji") !== (fruit.emoji || "")) change.emoji = valueOf(form, "emoji");
  const stock = numberOf(form, "stock");
  if (stock !== undefined && stock !== fruit.stock) change.stock = stock;
  const capacity = numberOf(form, "capacity");
  if (capacity !== undefined && capacity !== fruit.capacity) change.capacity = capacity;
  if (Object.keys(change).length === 0) { $("menu-status").textContent = mt().nothingChanged; return; }
  await sendMenuEdit("PATCH", `/api/menu/fruits/${encodeURIComponent(fruit.id)}`, change, form);
}

async function addFruit(form) {
  const body = { id: valueOf(form, "id"), name: {} };
  if (valueOf(form, "name-ko") !== "") body.name.ko = valueOf(form, "name-ko");
  if (valueOf(form, "name-en") !== "") body.name.en = valueOf(form, "name-en");
  if (valueOf(form, "emoji") !== "") body.emoji = valueOf(form, "emoji");
  for (const key of ["stock", "capacity"]) if (numberOf(form, key) !== undefined) body[key] = numberOf(form, key);
  if (valueOf(form, "file") !== "") body.file = valueOf(form, "file");
  await sendMenuEdit("POST", "/api/menu/fruits", body, form);
}

// The form drawn now for the same juice or fruit as `form` (the menu may have been drawn again since it was read).
function currentForm(form) {
  const details = form.closest("details");
  const [kind, key] = details.dataset.juice === undefined ? ["fruit", details.dataset.fruit] : ["juice", details.dataset.juice];
  return document.querySelector(`#menu-screen details[data-${kind}="${CSS.escape(key)}"] form`) || form;
}

// ---- rendering ----

// One juice or fruit as a collapsible form; `key` names it for tests and the browser's find.
function itemForm(kind, key, summary, fields, buttons) {
  const details = element("details", "menu-item");
  details.dataset[kind] = key;
  details.append(element("summary", "", summary));
  const form = element("form", "menu-form");
  form.append(...fields);
  const actions = element("div", "actions");
  for (const [label, className, action] of buttons) {
    const button = element("button", className, label);
    button.type = "button";
    button.disabled = !menuEditor.menu.writable;
    button.addEventListener("click", () => action(form));
    actions.append(button);
  }
  form.append(actions);
  for (const input of form.querySelectorAll("input")) input.disabled = !menuEditor.menu.writable;
  details.append(form);
  return details;
}

// The labels every time; the lists (and the record) only when what they show changed: another reading of the menu,
// a refusal's menu, the language. The page draws itself on every stock event and order (`redraw`), which
// leaves them as they are: forms being typed in keep their elements and focus. `data-draws` on the screen counts the
// drawings and `data-version` names the version drawn (for tests).
function renderMenuEditor() {
  const text = mt();
  $("open-menu").textContent = text.open;
  $("open-menu").hidden = !token();
  $("menu-title").textContent = text.title;
  $("close-menu").textContent = words().close;
  $("menu-juices-title").textContent = text.juices;
  $("menu-fruits-title").textContent = text.fruits;
  $("menu-edits-title").textContent = text.edits;
  $("menu-undo").textContent = text.undo;
  const menu = menuEditor.menu;
  if (!menuEditor.open || !menu) return;
  const drawn = menuEditor.drawn;
  if (drawn.menu === menu && drawn.edits === menuEditor.edits && drawn.lang === state.lang) return;
  menuEditor.drawn = { menu, edits: menuEditor.edits, lang: state.lang };
  menuEditor.draws += 1;
  $("menu-screen").dataset.draws = String(menuEditor.draws);
  $("menu-screen").dataset.version = menu.version;

  $("menu-readonly").hidden = menu.writable;
  $("menu-readonly").textContent = menu.writable ? "" : text.readOnly(menu.notWritable ? menu.notWritable.message : "");
  $("menu-errors").hidden = menu.errors.length === 0;
  $("menu-errors").replaceChildren(
    element("li", "", text.fileErrors), ...menu.errors.map((d) => element("li", "", `${d.location}: ${d.message}`)));

  // Open forms stay open across a re-render (a save, another page's edit), and what staff typed there stays typed.
  const keyOf = (details) => `${details.dataset.juice === undefined ? "fruit" : "juice"}:${details.dataset.juice || details.dataset.fruit}`;
  const opened = new Set();
  const typed = new Map();
  for (const details of document.querySelectorAll("#menu-screen details.menu-item[open]")) {
    opened.add(keyOf(details));
    for (const input of details.querySelectorAll("input")) {
      if (input.value !== input.defaultValue) typed.set(`${keyOf(details)}/${input.name}`, input.value);
    }
  }
  const juices = menu.juices.map((juice) => {
    const summary = `${nameOf(juice)} · ${juice.price === undefined ? text.noPrice : money(juice.price)}`;
    return itemForm("juice", juice.id, summary, [
      field(text.nameKo, "name-ko", juice.name.ko), field(text.nameEn, "name-en", juice.name.en),
      field(text.aliases, "aliases", juice.aliases.join(", ")), field(text.price, "price", juice.price, "number"),
      recipeFields(juice.recipe),
    ], [[text.remove, "secondary remove", () => removeJuice(juice)], [text.save, "save", (form) => saveJuice(juice, form)]]);
  });
  juices.push(itemForm("juice", "+", `＋ ${text.newJuice}`, [
    field(text.id, "id"), field(text.nameKo, "name-ko"), field(text.nameEn, "name-en"), field(text.aliases, "aliases"),
    field(text.price, "price", undefined, "number"), recipeFields([]), field(text.file, "file"),
  ], [[text.add, "add", addJuice]]));
  $("menu-juices").replaceChildren(...juices);

  const fruits = menu.fruits.map((fruit) => itemForm("fruit", fruit.id, `${fruit.emoji || ""} ${nameOf(fruit)}`, [
    field(text.nameKo, "name-ko", fruit.name.ko), field(text.nameEn, "name-en", fruit.name.en), field(text.emoji, "emoji", fruit.emoji),
    field(text.stock, "stock", fruit.stock, "number"), field(text.capacity, "capacity", fruit.capacity, "number"),
  ], [[text.save, "save", (form) => saveFruit(fruit, form)]]));
  fruits.push(itemForm("fruit", "+", `＋ ${text.newFruit}`, [
    field(text.id, "id"), field(text.nameKo, "name-ko"), field(text.nameEn, "name-en"), field(text.emoji, "emoji"),
    field(text.stock, "stock", undefined, "number"), field(text.capacity, "capacity", undefined, "number"), field(text.fruitFile, "file"),
  ], [[text.add, "add", addFruit]]));
  $("menu-fruits").replaceChildren(...fruits);
  for (const details of document.querySelectorAll("#menu-screen details.menu-item")) {
    if (!opened.has(keyOf(details))) continue;
    details.open = true;
    for (const input of details.querySelectorAll("input")) {
      const value = typed.get(`${keyOf(details)}/${input.name}`);
      if (value !== undefined) input.value = value;
    }
  }

  const latest = menuEditor.edits.find((edit) => edit.undoneBy === undefined && edit.undoes === undefined);
  $("menu-undo").disabled = !menu.writable || !latest;
  $("menu-edits").replaceChildren(...(menuEditor.edits.length === 0 ? [element("li", "", text.noEdits)] : menuEditor.edits.map((edit) => {
    const item = element("li", edit.undoneBy === undefined ? "" : "undone");
    item.dataset.edit = edit.id;
    const line = `#${edit.id} ${dateTime(edit.at)} · ${edit.session} · ${edit.summary}`;
    item.append(element("span", "", edit.undoneBy === undefined ? line : `${line} (${text.undone})`));
    const diff = element("details", "diff");
    diff.append(element("summary", "", text.diff), element("pre", "", edit.diff));
    item.append(diff);
    return item;
  })));
}

function showMenu(open) {
  if (open) closeScreens("menu");
  menuEditor.open = open;
  menuEditor.pending = null;
  $("menu-screen").hidden = !open;
  $("order-screen").hidden = open;
  $("stock-screen").hidden = true;
  $("menu-status").textContent = "";
  $("menu-warnings").hidden = true;
  if (open) loadMenuEditor(); else renderMenuEditor();
}

screen("menu", () => { if (menuEditor.open) showMenu(false); });
onRedraw(renderMenuEditor);
$("open-menu").addEventListener("click", () => showMenu(true));
$("close-menu").addEventListener("click", () => showMenu(false));
$("menu-undo").addEventListener("click", () => sendMenuEdit("POST", "/api/menu/edits/undo"));
