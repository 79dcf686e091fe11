;;; eglot_test.el --- Emacs 28 + eglot 1.9, headless, against `juice lsp'  -*- lexical-binding: t; -*-
;;
;;   JUICE=/abs/juice RECIPES=/abs/copy emacs -Q --batch -l scripts/lsp/eglot_test.el
;;
;; Opens special.yaml of a scratch recipe set through eglot, sees the `unknown-fruit' flymake diagnostic at the exact
;; column after Hangul and emoji (eglot converts the server's UTF-16 positions), applies the quick fix with
;; `eglot-code-actions', asks hover, completion-at-point, xref definitions and references on a recipe's `kiwi',
;; renames kiwi -> green-kiwi across files with `eglot-rename', saves every buffer, and `juice lint' on the set
;; exits 0.  Exit status 0 when all passed.

(require 'cl-lib)
(dolist (dir (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*"))
  (add-to-list 'load-path dir))
(require 'eglot)
(require 'flymake)

(defvar juice-test-failures 0)
(defvar juice-test-juice (or (getenv "JUICE") (error "JUICE not set")))
(defvar juice-test-root (file-name-as-directory (file-truename (or (getenv "RECIPES") (error "RECIPES not set")))))

(defun juice-test-say (format-string &rest args)
  (princ (concat "emacs: " (apply #'format format-string args) "\n") #'external-debugging-output))

(defun juice-test-check (ok what &rest args)
  (if ok
      (juice-test-say "ok   %s" (apply #'format what args))
    (setq juice-test-failures (1+ juice-test-failures))
    (juice-test-say "FAIL %s" (apply #'format what args)))
  ok)

(defun juice-test-wait (predicate &optional seconds)
  "Run the event loop until PREDICATE holds or SECONDS (default 15) pass.
Batch Emacs is never idle, so the idle timer by which eglot sends didChange never fires: send pending changes of
every managed buffer the way that timer would."
  (let ((deadline (+ (float-time) (or seconds 15))) (done nil))
    (while (and (not (setq done (funcall predicate))) (< (float-time) deadline))
      (dolist (buffer (buffer-list))
        (with-current-buffer buffer
          (when (and (bound-and-true-p eglot--managed-mode) eglot--recent-changes)
            (eglot--signal-textDocument/didChange))))
      (accept-process-output nil 0.02))
    done))

(defmacro juice-test-step (name &rest body)
  "Run BODY; an error fails NAME and the test goes on."
  `(condition-case err (progn ,@body)
     (error (setq juice-test-failures (1+ juice-test-failures))
            (juice-test-say "FAIL %s: %S" ,name err))))

(define-derived-mode juice-yaml-mode prog-mode "JuiceYAML" "Recipe files, for the test.")
(add-to-list 'auto-mode-alist '("\\.ya?ml\\'" . juice-yaml-mode))
(add-to-list 'eglot-server-programs
             `(juice-yaml-mode . (,juice-test-juice "lsp" "--recipes" ,juice-test-root)))
(setq eglot-send-changes-idle-time 0
      eglot-sync-connect 10
      eglot-events-buffer-size 0
      make-backup-files nil
      create-lockfiles nil)
(setenv "SWIFT_BACKTRACE" "enable=no")

(defun juice-test-unknown-fruit ()
  (cl-find-if (lambda (d)
                (let ((lsp (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data d)))))
                  (equal (plist-get lsp :code) "unknown-fruit")))
              (flymake-diagnostics)))

(condition-case err
    (progn
      (find-file (expand-file-name "special.yaml" juice-test-root))
      (apply #'eglot (eglot--guess-contact))
      (juice-test-check (juice-test-wait #'eglot-current-server 30) "eglot connected to juice lsp")
      (flymake-mode 1)
      (flymake-start)
      (juice-test-check (juice-test-wait (lambda () (flymake-start) (juice-test-unknown-fruit)))
                        "unknown-fruit in flymake-diagnostics")
      (let ((d (juice-test-unknown-fruit)))
        (when d
          (let* ((beg (flymake-diagnostic-beg d))
                 (end (flymake-diagnostic-end d))
                 (line-start (save-excursion (goto-char beg) (line-beginning-position)))
                 (expected (save-excursion
                             (goto-char line-start)
                             (- (search-forward "strawbery" (line-end-position)) (length "strawbery") line-start))))
            (juice-test-check (= (- beg line-start) expected)
                              "diagnostic at column %d after Hangul and emoji (got %d)" expected (- beg line-start))
            (juice-test-check (equal (buffer-substring-no-properties beg end) "strawbery")
                              "diagnostic covers %S" (buffer-substring-no-properties beg end))
            ;; The quick fix, through eglot-code-actions (interactive path: pick the action naming strawberry).
            (goto-char beg)
            (let ((last-nonmenu-event 13)
                  (offered nil))
              (juice-test-step "eglot-code-actions"
                (cl-letf (((symbol-function 'completing-read)
                           (lambda (_prompt collection &rest _)
                             (setq offered (mapcar #'car collection))
                             (or (cl-find-if (lambda (title) (string-match-p "strawberry" title)) offered)
                                 (car offered)))))
                  (eglot-code-actions beg end nil t)))
              (juice-test-say "     code actions offered: %S" offered))
            (juice-test-check (juice-test-wait (lambda () (flymake-start) (not (juice-test-unknown-fruit))))
                              "quick fix applied, unknown-fruit gone")
            (juice-test-check (save-excursion (goto-char (point-min)) (search-forward "recipe: {strawberry: 2}" nil t))
                              "the fix changed only the word"))))
      ;; Rename kiwi -> green-kiwi from its use in juices.yaml.
      (find-file (expand-file-name "juices.yaml" juice-test-root))
      (juice-test-check (juice-test-wait (lambda () (eglot-current-server))) "juices.yaml managed by eglot")
      (goto-char (point-min))
      (search-forward "recipe: {kiwi: 3}")
      (search-backward "kiwi")
      (forward-char 1)
      ;; Hover, completion, definition and references on that `kiwi', through eglot's own functions.
      (juice-test-step "hover"
        (let ((text (eglot--hover-info
                     (plist-get (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover
                                                 (eglot--TextDocumentPositionParams))
                                :contents))))
          (juice-test-check (and (string-match-p "키위" text) (string-match-p "Kiwi" text))
                            "hover on kiwi names 키위 and Kiwi")))
      (juice-test-step "completion"
        (let* ((capf (eglot-completion-at-point))
               (candidates (all-completions "" (nth 2 capf))))
          (juice-test-check (cl-subsetp '("kiwi" "mango" "strawberry") candidates :test #'equal)
                            "completion-at-point offers the fruit ids: %S" (mapcar #'substring-no-properties candidates))))
      (juice-test-step "definition"
        (let* ((items (xref-backend-definitions 'eglot (xref-backend-identifier-at-point 'eglot)))
               (groups (mapcar (lambda (item) (xref-location-group (xref-item-location item))) items)))
          (juice-test-check (and (= (length groups) 1) (string-suffix-p "fruits.yaml" (car groups)))
                            "definition is in fruits.yaml: %S" groups)))
      (juice-test-step "references"
        (let ((items (xref-backend-references 'eglot (xref-backend-identifier-at-point 'eglot))))
          (juice-test-check (= (length items) 4) "references: 4 uses of kiwi (got %d)" (length items))))
      (juice-test-step "eglot-rename"
        (cl-letf (((symbol-function 'y-or-n-p) (lambda (&rest _) t)))
          (eglot-rename "green-kiwi")))
      (juice-test-check
       (cl-every (lambda (name)
                   (with-current-buffer (find-file-noselect (expand-file-name name juice-test-root))
                     (save-excursion
                       (goto-char (point-min))
                       (and (search-forward "green-kiwi" nil t)
                            (progn (goto-char (point-min))
                                   (not (re-search-forward "[ {]kiwi:" nil t)))))))
                 '("fruits.yaml" "juices.yaml" "store.yaml"))
       "rename edited fruits.yaml, juices.yaml and store.yaml")
      (save-some-buffers t)
      (let* ((output (with-temp-buffer
                       (list (call-process juice-test-juice nil t nil "lint" juice-test-root) (buffer-string)))))
        (juice-test-check (eql (car output) 0) "juice lint exits 0 after the fix and the rename:\n%s" (cadr output))))
  (error (setq juice-test-failures (1+ juice-test-failures))
         (juice-test-say "FAIL error: %S" err)))

(ignore-errors (let ((server (eglot-current-server))) (when server (eglot-shutdown server))))
(if (zerop juice-test-failures)
    (progn (juice-test-say "all passed") (kill-emacs 0))
  (juice-test-say "%d failed" juice-test-failures)
  (kill-emacs 1))
