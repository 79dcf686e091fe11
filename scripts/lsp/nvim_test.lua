-- Neovim 0.7 headless against `juice lsp`, through Neovim's own LSP client:
--   JUICE=/abs/juice RECIPES=/abs/copy nvim --headless -u NONE -i NONE -c 'luafile scripts/lsp/nvim_test.lua'
-- Opens special.yaml of a scratch recipe set, sees `unknown-fruit` at the exact byte column after Hangul and emoji
-- (Neovim converts the server's UTF-16 positions), applies the quick fix with vim.lsp.buf.code_action, asks hover and
-- completion on a recipe's `kiwi`, lists its references (quickfix list) and jumps to its definition, renames
-- kiwi → green-kiwi across files with vim.lsp.buf.rename, saves everything, and `juice lint` on the set exits 0.
-- Exits 0 when all passed (cquit 1 otherwise); each check prints a line.

local juice = assert(os.getenv('JUICE'), 'JUICE not set')
local root = assert(os.getenv('RECIPES'), 'RECIPES not set')
local failures = 0

local function say(text) io.stderr:write('nvim: ' .. text .. '\n') end
local function check(ok, what)
  if ok then say('ok   ' .. what) else failures = failures + 1; say('FAIL ' .. what) end
  return ok
end
local function finish()
  if failures == 0 then say('all passed'); vim.cmd('qall!') else say(failures .. ' failed'); vim.cmd('cquit 1') end
end

vim.o.hidden = true
vim.o.swapfile = false
local ok_all, err = pcall(function()
  local client_id = vim.lsp.start_client({
    name = 'juice',
    cmd = { juice, 'lsp', '--recipes', root },
    cmd_env = { SWIFT_BACKTRACE = 'enable=no' },
    root_dir = root,
    flags = { debounce_text_changes = 0 },
  })
  check(client_id ~= nil, 'vim.lsp.start_client')

  -- Every buffer of a recipe file attaches to the client (as an ftplugin or lspconfig would).
  vim.api.nvim_create_autocmd('BufReadPost', {
    pattern = '*.yaml',
    callback = function(args) vim.lsp.buf_attach_client(args.buf, client_id) end,
  })

  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/special.yaml'))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  local function unknown_fruit()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.code == 'unknown-fruit' then return d end
    end
  end
  check(vim.wait(15000, function() return unknown_fruit() ~= nil end, 20), 'unknown-fruit published for special.yaml')
  local d = unknown_fruit()
  if d then
    local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]
    local byte = line:find('strawbery', 1, true) - 1
    check(d.col == byte, string.format('diagnostic at byte column %d after Hangul and emoji (got %d)', byte, d.col))
    check(d.end_col == byte + #'strawbery', string.format('diagnostic ends at byte %d (got %s)', byte + 9, d.end_col))
    check(d.source == 'juice', 'source is juice')

    -- The quick fix through vim.lsp.buf.code_action, choosing the action that names strawberry.
    vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
    local offered = {}
    vim.ui.select = function(items, opts, on_choice)
      local chosen
      for _, item in ipairs(items) do
        local action = item[2]
        table.insert(offered, action.title)
        if not chosen and action.title:find('strawberry', 1, true) then chosen = item end
      end
      on_choice(chosen or items[1])
    end
    vim.lsp.buf.code_action()
    check(vim.wait(10000, function() return #offered > 0 end, 20), 'code actions offered: ' .. table.concat(offered, ' | '))
    check(vim.wait(10000, function() return unknown_fruit() == nil end, 20), 'quick fix applied, unknown-fruit gone')
    local fixed = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]
    check(fixed:find('recipe: {strawberry: 2}', 1, true) ~= nil and fixed:find('딸기🍓스페셜', 1, true) ~= nil,
      'the fix changed only the word: ' .. fixed)
  end

  -- Rename kiwi → green-kiwi from its use in juices.yaml, across fruits.yaml, juices.yaml and store.yaml.
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/juices.yaml'))
  local juices = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(juices, client_id)
  check(vim.wait(10000, function() return vim.lsp.buf_is_attached(juices, client_id) end, 20), 'juices.yaml attached')
  local lnum
  for index, text in ipairs(vim.api.nvim_buf_get_lines(juices, 0, -1, false)) do
    if text:find('recipe: {kiwi: 3}', 1, true) then lnum = index end
  end
  vim.api.nvim_win_set_cursor(0, { lnum, ('    recipe: {'):len() + 1 })

  -- Hover, completion, definition and references on that `kiwi`, through Neovim's client.
  local params = vim.lsp.util.make_position_params()
  local hover = vim.lsp.buf_request_sync(juices, 'textDocument/hover', params, 5000) or {}
  local hover_text = ''
  for _, response in pairs(hover) do
    if response.result then hover_text = vim.inspect(response.result.contents) end
  end
  check(hover_text:find('키위', 1, true) and hover_text:find('Kiwi', 1, true), 'hover on kiwi names 키위 and Kiwi')
  local completion = vim.lsp.buf_request_sync(juices, 'textDocument/completion', params, 5000) or {}
  local labels = {}
  for _, response in pairs(completion) do
    local items = response.result and (response.result.items or response.result) or {}
    for _, item in ipairs(items) do labels[item.label] = item end
  end
  check(labels.kiwi and labels.mango and labels.strawberry, 'completion offers the fruit ids')
  check(labels.mango and (labels.mango.detail or ''):find('망고', 1, true), 'completion shows 망고 beside mango')
  vim.lsp.buf.references()
  check(vim.wait(5000, function() return #vim.fn.getqflist() == 4 end, 20),
    'references: 4 uses of kiwi in the quickfix list (got ' .. #vim.fn.getqflist() .. ')')
  vim.cmd('silent! cclose')
  vim.api.nvim_set_current_buf(juices)
  vim.api.nvim_win_set_cursor(0, { lnum, ('    recipe: {'):len() + 1 })
  vim.lsp.buf.definition()
  check(vim.wait(5000, function() return vim.api.nvim_buf_get_name(0):match('fruits%.yaml$') ~= nil end, 20),
    'definition jumps to fruits.yaml')
  check(vim.api.nvim_get_current_line() == '  kiwi:', 'definition lands on `  kiwi:` (got ' .. vim.api.nvim_get_current_line() .. ')')
  vim.api.nvim_set_current_buf(juices)
  vim.api.nvim_win_set_cursor(0, { lnum, ('    recipe: {'):len() + 1 })

  vim.lsp.buf.rename('green-kiwi')
  local function renamed()
    for _, name in ipairs({ 'fruits.yaml', 'juices.yaml', 'store.yaml' }) do
      local b = vim.fn.bufnr(root .. '/' .. name)
      if b < 0 or not vim.api.nvim_buf_is_loaded(b) then return false end
      local text = table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n')
      if not text:find('green-kiwi', 1, true) or text:find('%f[%w-]kiwi%f[^%w-]') then return false end
    end
    return true
  end
  check(vim.wait(10000, renamed, 20), 'rename edited fruits.yaml, juices.yaml and store.yaml')
  vim.cmd('silent wall')

  local output = vim.fn.system({ juice, 'lint', root })
  check(vim.v.shell_error == 0, 'juice lint exits 0 after the fix and the rename:\n' .. output)
  local json = vim.fn.system({ juice, 'lint', '--format', 'json', root })
  check(not json:find('"error"', 1, true), 'no errors left in juice lint --format json')
end)
if not ok_all then failures = failures + 1; say('FAIL error: ' .. tostring(err)) end
finish()
