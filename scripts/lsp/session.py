"""A pytest-lsp session with `juice lsp`: start it on a recipe directory with chosen client capabilities, keep every
publishDiagnostics (with its version and arrival time), open and change documents, and wait for the diagnostics
a test expects.
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import time
from typing import Any, Callable

from lsprotocol import types as t
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

import lspkit

DIAGNOSTIC_TIMEOUT = float(os.environ.get("JUICE_LSP_TIMEOUT", "10"))


def default_capabilities(
    encodings: list[str] | None = None, document_changes: bool = False, markdown: bool = True
) -> t.ClientCapabilities:
    """What a capable client offers: push diagnostics with versions, Markdown hover, snippets off, prepareRename,
    quick-fix literals, dynamic registration of watched files."""
    general = t.GeneralClientCapabilities(
        position_encodings=[t.PositionEncodingKind(e) for e in encodings] if encodings else None
    )
    return t.ClientCapabilities(
        general=general,
        workspace=t.WorkspaceClientCapabilities(
            apply_edit=True,
            workspace_edit=t.WorkspaceEditClientCapabilities(document_changes=document_changes),
            did_change_watched_files=t.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True),
            workspace_folders=True,
        ),
        text_document=t.TextDocumentClientCapabilities(
            synchronization=t.TextDocumentSyncClientCapabilities(did_save=True),
            publish_diagnostics=t.PublishDiagnosticsClientCapabilities(version_support=True, related_information=True),
            hover=t.HoverClientCapabilities(
                content_format=[t.MarkupKind.Markdown, t.MarkupKind.PlainText] if markdown else [t.MarkupKind.PlainText]
            ),
            completion=t.CompletionClientCapabilities(
                completion_item=t.ClientCompletionItemOptions(
                    snippet_support=False, documentation_format=[t.MarkupKind.Markdown, t.MarkupKind.PlainText]
                )
            ),
            definition=t.DefinitionClientCapabilities(link_support=False),
            references=t.ReferenceClientCapabilities(),
            rename=t.RenameClientCapabilities(prepare_support=True),
            code_action=t.CodeActionClientCapabilities(
                code_action_literal_support=t.ClientCodeActionLiteralOptions(
                    code_action_kind=t.ClientCodeActionKindOptions(value_set=[t.CodeActionKind.QuickFix])
                ),
                is_preferred_support=True,
            ),
        ),
    )


class Session:
    """One running `juice lsp` with its client."""

    def __init__(self, client: LanguageClient, root: pathlib.Path):
        self.client = client
        self.root = pathlib.Path(os.path.realpath(root))
        self.encoding = "utf-16"
        self.initialize_result: t.InitializeResult | None = None
        # real path -> the latest PublishDiagnosticsParams (as JSON), and every one in arrival order
        self.published: dict[str, dict] = {}
        self.history: list[tuple[float, str, dict]] = []
        self.registrations: list[dict] = []
        # real path -> (version, text) of documents open in this client
        self.open_docs: dict[str, tuple[int, str]] = {}

    # MARK: files

    def path(self, name: str) -> str:
        return os.path.realpath(self.root / name)

    def uri(self, name: str) -> str:
        return lspkit.uri(self.root / name)

    def text(self, name: str) -> str:
        """The text of a file as this client sees it (the open document's, else the disk's)."""
        path = self.path(name)
        if path in self.open_docs:
            return self.open_docs[path][1]
        return pathlib.Path(path).read_text(encoding="utf-8")

    def version(self, name: str) -> int | None:
        doc = self.open_docs.get(self.path(name))
        return doc[0] if doc else None

    # MARK: documents

    def open(self, name: str, text: str | None = None, version: int = 1) -> None:
        path = self.path(name)
        if text is None:
            text = pathlib.Path(path).read_bytes().decode("utf-8", "surrogateescape")
        self.open_docs[path] = (version, text)
        self.client.text_document_did_open(
            t.DidOpenTextDocumentParams(
                text_document=t.TextDocumentItem(uri=self.uri(name), language_id="yaml", version=version, text=text)
            )
        )

    def change(self, name: str, text: str) -> int:
        """Replaces the whole document (full sync) and returns its new version."""
        path = self.path(name)
        version = self.open_docs[path][0] + 1
        self.open_docs[path] = (version, text)
        self.client.text_document_did_change(
            t.DidChangeTextDocumentParams(
                text_document=t.VersionedTextDocumentIdentifier(uri=self.uri(name), version=version),
                content_changes=[t.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        return version

    def close(self, name: str) -> None:
        self.open_docs.pop(self.path(name), None)
        self.client.text_document_did_close(
            t.DidCloseTextDocumentParams(text_document=t.TextDocumentIdentifier(uri=self.uri(name)))
        )

    def save(self, name: str) -> None:
        """Writes the open document to disk and sends didSave (with the text)."""
        path = self.path(name)
        pathlib.Path(path).write_text(self.open_docs[path][1], encoding="utf-8")
        self.client.text_document_did_save(
            t.DidSaveTextDocumentParams(text_document=t.TextDocumentIdentifier(uri=self.uri(name)), text=self.open_docs[path][1])
        )

    def changed_on_disk(self, *names: str, kind: t.FileChangeType = t.FileChangeType.Changed) -> None:
        self.client.workspace_did_change_watched_files(
            t.DidChangeWatchedFilesParams(changes=[t.FileEvent(uri=self.uri(n), type=kind) for n in names])
        )

    def write_and_notify(self, name: str, text: str) -> None:
        (self.root / name).write_text(text, encoding="utf-8")
        self.changed_on_disk(name)

    def apply_edit(self, edit: Any) -> dict[str, str]:
        """Applies a WorkspaceEdit as an editor would: open documents get didChange, closed files are written to
        disk (and announced as changed). Returns real path → new text."""
        texts = {p: doc[1] for p, doc in self.open_docs.items()}
        changed = lspkit.apply_workspace_edit(texts, edit, self.encoding)
        for path, text in changed.items():
            name = os.path.relpath(path, self.root)
            if path in self.open_docs:
                self.change(name, text)
            else:
                pathlib.Path(path).write_text(text, encoding="utf-8")
                self.changed_on_disk(name)
        return changed

    def save_all(self) -> None:
        for path in list(self.open_docs):
            self.save(os.path.relpath(path, self.root))

    # MARK: positions

    def position(self, name: str, needle: str, occurrence: int = 0, delta: int = 0) -> t.Position:
        p = lspkit.find_position(self.text(name), needle, self.encoding, occurrence, delta)
        return t.Position(line=p["line"], character=p["character"])

    def doc(self, name: str) -> t.TextDocumentIdentifier:
        return t.TextDocumentIdentifier(uri=self.uri(name))

    # MARK: diagnostics

    def _on_publish(self, params: t.PublishDiagnosticsParams) -> None:
        data = lspkit.as_dict(params)
        data.setdefault("diagnostics", [])
        path = lspkit.uri_path(data["uri"])
        self.published[path] = data
        self.history.append((time.monotonic(), path, data))

    def diagnostics(self, name: str) -> list[dict]:
        return (self.published.get(self.path(name)) or {}).get("diagnostics", [])

    def normalized(self, name: str) -> list[tuple]:
        return lspkit.normalize_published(self.diagnostics(name), self.text(name), self.encoding)

    async def wait_for(self, condition: Callable[[], bool], timeout: float = DIAGNOSTIC_TIMEOUT, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out after {timeout} s waiting for {what or condition}")
            await asyncio.sleep(0.005)

    async def wait_published(self, name: str, version: int | None = None, since: int | None = None, timeout: float = DIAGNOSTIC_TIMEOUT) -> dict:
        """Waits for diagnostics of `name` (published after history index `since`, with `version` when given)."""
        path = self.path(name)
        start = 0 if since is None else since

        def found():
            for _, p, data in self.history[start:]:
                if p == path and (version is None or data.get("version") == version):
                    return True
            return False

        await self.wait_for(found, timeout, f"diagnostics of {name} (version {version})")
        return self.published[path]

    async def wait_matching_lint(self, names: list[str] | None = None, timeout: float = DIAGNOSTIC_TIMEOUT) -> None:
        """Writes nothing: waits until the published diagnostics of every recipe file equal `juice lint` on the texts
        this client sees, written to a scratch copy (open documents' texts, else the disk's)."""
        expected = self.expected_from_lint()
        targets = names or [os.path.relpath(p, self.root) for p in expected]
        last: list[str] = []

        def equal():
            nonlocal last
            last = []
            for name in targets:
                want = expected.get(self.path(name), [])
                got = self.normalized(name)
                if self.path(name) not in self.published and not want:
                    continue  # a clean file the server never mentioned
                problems = lspkit.compare_file(got, want)
                if problems:
                    last.append(f"{name}: " + "; ".join(problems))
            return not last

        try:
            await self.wait_for(equal, timeout, "diagnostics equal to juice lint")
        except AssertionError as error:
            raise AssertionError(f"{error}:\n" + "\n".join(last)) from None

    def expected_from_lint(self) -> dict[str, list[tuple]]:
        """`juice lint --format json` on this client's view of the set, keyed by the real paths of this session's
        root, positions in the negotiated encoding."""
        import tempfile

        with tempfile.TemporaryDirectory(prefix="juice-lsp-oracle-") as scratch:
            scratch_root = pathlib.Path(os.path.realpath(scratch)) / "set"
            lspkit.copy_recipes(scratch_root, self.root)
            texts = {}
            for path, (_, text) in self.open_docs.items():
                relative = os.path.relpath(path, self.root)
                target = scratch_root / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(text.encode("utf-8", "surrogateescape"))
                texts[os.path.realpath(target)] = text
            expected = lspkit.expected_diagnostics(scratch_root, self.encoding, texts)
            return {self.path(os.path.relpath(p, scratch_root)): v for p, v in expected.items()}

    # MARK: requests

    async def hover(self, name: str, needle: str, occurrence: int = 0, delta: int = 1) -> dict | None:
        result = await self.client.text_document_hover_async(
            t.HoverParams(text_document=self.doc(name), position=self.position(name, needle, occurrence, delta))
        )
        return lspkit.as_dict(result)

    async def completion(self, name: str, position: t.Position) -> list[dict]:
        result = await self.client.text_document_completion_async(
            t.CompletionParams(text_document=self.doc(name), position=position)
        )
        data = lspkit.as_dict(result)
        if isinstance(data, dict):
            return data.get("items", [])
        return data or []

    async def definition(self, name: str, needle: str, occurrence: int = 0, delta: int = 1) -> list[dict]:
        result = await self.client.text_document_definition_async(
            t.DefinitionParams(text_document=self.doc(name), position=self.position(name, needle, occurrence, delta))
        )
        data = lspkit.as_dict(result)
        if data is None:
            return []
        return data if isinstance(data, list) else [data]

    async def references(self, name: str, needle: str, occurrence: int = 0, delta: int = 1, include_declaration: bool = True) -> list[dict]:
        result = await self.client.text_document_references_async(
            t.ReferenceParams(
                text_document=self.doc(name),
                position=self.position(name, needle, occurrence, delta),
                context=t.ReferenceContext(include_declaration=include_declaration),
            )
        )
        return lspkit.as_dict(result) or []

    async def prepare_rename(self, name: str, needle: str, occurrence: int = 0, delta: int = 1) -> Any:
        result = await self.client.text_document_prepare_rename_async(
            t.PrepareRenameParams(text_document=self.doc(name), position=self.position(name, needle, occurrence, delta))
        )
        return lspkit.as_dict(result)

    async def rename(self, name: str, needle: str, new_name: str, occurrence: int = 0, delta: int = 1) -> dict | None:
        result = await self.client.text_document_rename_async(
            t.RenameParams(
                text_document=self.doc(name), position=self.position(name, needle, occurrence, delta), new_name=new_name
            )
        )
        return lspkit.as_dict(result)

    async def code_actions(self, name: str, diagnostics: list[dict]) -> list[dict]:
        """The code actions for `diagnostics` (published ones of `name`), over their range."""
        converter = self.client.protocol._converter
        structured = [converter.structure(d, t.Diagnostic) for d in diagnostics]
        first = structured[0].range
        result = await self.client.text_document_code_action_async(
            t.CodeActionParams(
                text_document=self.doc(name),
                range=first,
                context=t.CodeActionContext(diagnostics=structured, only=None),
            )
        )
        return lspkit.as_dict(result) or []

    async def shutdown(self) -> None:
        try:
            await asyncio.wait_for(self.client.shutdown_session(), 10)
        finally:
            await self.client.stop()


async def start(
    root: os.PathLike | str,
    *,
    capabilities: t.ClientCapabilities | None = None,
    encodings: list[str] | None = None,
    document_changes: bool = False,
    locale: str | None = None,
    args: list[str] | None = None,
    workspace_folder: bool = True,
    initialization_options: Any = None,
) -> Session:
    """Starts `juice lsp [args]` and initializes it on `root` (as the workspace folder, and `--recipes root` unless
    `args` say otherwise or `workspace_folder` is the only way in)."""
    root = pathlib.Path(os.path.realpath(root))
    holder: dict[str, Session] = {}

    def on_publish(ls: LanguageClient, params: t.PublishDiagnosticsParams):
        holder["session"]._on_publish(params)

    def on_register(ls: LanguageClient, params: t.RegistrationParams):
        holder["session"].registrations.append(lspkit.as_dict(params))
        return None

    def on_unregister(ls: LanguageClient, params: t.UnregistrationParams):
        return None

    def on_apply_edit(ls: LanguageClient, params: t.ApplyWorkspaceEditParams):
        holder["session"].apply_edit(params.edit)
        return t.ApplyWorkspaceEditResult(applied=True)

    def factory() -> LanguageClient:
        client = LanguageClient()
        features = dict(DEFAULT_CLIENT_FEATURES)
        features[t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = on_publish
        features[t.CLIENT_REGISTER_CAPABILITY] = on_register
        features[t.CLIENT_UNREGISTER_CAPABILITY] = on_unregister
        features[t.WORKSPACE_APPLY_EDIT] = on_apply_edit
        register_lsp_features(client, features)
        return client

    command = [lspkit.juice_path(), "lsp", *(args if args is not None else ["--recipes", str(root)])]
    config = ClientServerConfig(server_command=command, server_env=lspkit.juice_env(), client_factory=factory)
    client = await config.start()
    session = Session(client, root)
    holder["session"] = session
    if capabilities is None:
        capabilities = default_capabilities(encodings, document_changes)
    params = t.InitializeParams(
        capabilities=capabilities,
        root_uri=lspkit.uri(root) if workspace_folder else None,
        workspace_folders=[t.WorkspaceFolder(uri=lspkit.uri(root), name=root.name)] if workspace_folder else None,
        locale=locale,
        client_info=t.ClientInfo(name="juice-lsp-tests", version="1"),
        initialization_options=initialization_options,
    )
    session.initialize_result = await asyncio.wait_for(client.initialize_session(params), 20)
    encoding = session.initialize_result.capabilities.position_encoding
    session.encoding = str(encoding.value if hasattr(encoding, "value") else encoding) if encoding else "utf-16"
    return session
