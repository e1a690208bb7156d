"""The app on a team database: opened by its URL, edited with undo, like a file."""

from __future__ import annotations

from computescore.services.demo import create_demo
from computescore.store.repository import Store
from tests.gui.conftest import wait_idle


def test_the_app_opens_a_team_database_and_edits_it(app, qtbot, pg_url: str) -> None:  # type: ignore[no-untyped-def]
    import shiboken6

    from computescore.gui import commands, tasks
    from computescore.gui.main_window import MainWindow

    with Store.open(pg_url) as store:
        create_demo(store)
    win = MainWindow(remember=False)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    opened: list[str] = []
    win.workspace.opened.connect(opened.append)
    win.workspace.open(pg_url)
    qtbot.waitUntil(lambda: win.workspace.is_open, timeout=20_000)
    wait_idle(qtbot)
    assert opened == [pg_url]  # no password in this URL; one would be shown as ***
    snapshot = win.workspace.snapshot
    assert snapshot is not None and snapshot.evaluation is not None
    assert snapshot.evaluation.name == "2027 AI capacity (demo)"
    assert len(snapshot.quotes) == 9
    evaluation = snapshot.evaluation
    assert evaluation.id is not None
    commands.push_reloading(
        win.workspace,
        "Rename the evaluation",
        lambda uow: uow.set_evaluation_field(evaluation.id, "prepared_by", "Team server"),
        lambda uow: uow.set_evaluation_field(evaluation.id, "prepared_by", evaluation.prepared_by),
    )
    wait_idle(qtbot)
    with Store.open(pg_url) as store, store.reading() as uow:
        assert uow.load_evaluation().prepared_by == "Team server"
    win.workspace.undo_stack.undo()
    wait_idle(qtbot)
    with Store.open(pg_url) as store, store.reading() as uow:
        assert uow.load_evaluation().prepared_by == evaluation.prepared_by
    tasks.pool().waitForDone(5000)
    if shiboken6.isValid(win):
        win.close()
    qtbot.waitUntil(tasks.collection_resumed, timeout=5_000)


def _click_when_shown(qtbot, choice: str, seen: list[str]) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    def attempt() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, attempt)
            return
        seen.append(f"{box.text()} | {box.informativeText()}")
        (button,) = [b for b in box.buttons() if b.text().replace("&", "") == choice]
        button.click()

    QTimer.singleShot(20, attempt)


def test_a_stale_line_edit_offers_reload_or_overwrite(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace
    from decimal import Decimal

    from computescore.gui import commands

    snapshot = window.workspace.snapshot
    quote = snapshot.quotes[0]
    seen_line = quote.lines[0]
    # Someone else saves a new price for the same line.
    with Store.open(window.workspace.store.path) as other, other.transaction() as uow:
        uow.update_line(quote.id, 1, seen_line, replace(seen_line, price=Decimal("9.99")))
    mine = replace(seen_line, price=Decimal("1.23"))
    shown: list[str] = []
    _click_when_shown(qtbot, "Reload", shown)
    commands.update_line(window.workspace, quote.id, 1, seen_line, mine)
    wait_idle(qtbot)
    assert "was changed by" in shown[0] and "Now: price 9.99" in shown[0]
    assert "Yours: price 1.23" in shown[0]
    assert window.workspace.snapshot.quotes[0].lines[0].price == Decimal("9.99")  # reloaded
    assert not window.workspace.undo_stack.canUndo()
    _click_when_shown(qtbot, "Overwrite", shown)
    commands.update_line(window.workspace, quote.id, 1, seen_line, mine)
    wait_idle(qtbot)
    with Store.open(window.workspace.store.path) as other, other.reading() as uow:
        stored = next(q for q in uow.load_quotes(snapshot.evaluation.id) if q.id == quote.id)
    assert stored.lines[0].price == Decimal("1.23")
    assert window.workspace.undo_stack.canUndo()


def test_the_window_shows_what_a_colleague_saved_without_a_reload(
    app, qtbot, pg_url: str, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    import shiboken6

    from computescore.gui import tasks
    from computescore.gui.main_window import MainWindow

    with Store.open(pg_url) as store:
        create_demo(store)
    win = MainWindow(remember=False)
    qtbot.addWidget(win)
    win.workspace.open(pg_url)
    qtbot.waitUntil(
        lambda: win.workspace.is_open and win.workspace.watcher.watching, timeout=20_000
    )
    wait_idle(qtbot)
    heard: list[str] = []
    win.workspace.changed_elsewhere.connect(heard.append)
    # A colleague, in another app instance, renames the evaluation's preparer.
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.setenv(variable, "bea")
    import subprocess
    import sys

    subprocess.run(
        [
            sys.executable,
            "-c",
            "from computescore.store.repository import Store\n"
            f"with Store.open({pg_url!r}) as s, s.transaction() as uow:\n"
            "    row = uow.evaluation_row()\n"
            "    uow.set_evaluation_field(row.id, 'prepared_by', 'Bea from finance')\n",
        ],
        check=True,
        timeout=60,
    )
    qtbot.waitUntil(lambda: heard == ["bea"], timeout=20_000)
    wait_idle(qtbot)
    assert win.workspace.snapshot.evaluation.prepared_by == "Bea from finance"
    assert win.statusBar().currentMessage() == "Updated: changes saved by bea"
    # Its own saves are not announced back to it as someone else's.
    win.workspace.write(
        "own", lambda uow: uow.set_evaluation_field(uow.evaluation_row().id, "prepared_by", "Ada")
    )
    qtbot.wait(1500)
    assert heard == ["bea"]
    win.workspace.close()
    tasks.pool().waitForDone(5000)
    if shiboken6.isValid(win):
        win.close()
    qtbot.waitUntil(tasks.collection_resumed, timeout=5_000)


def test_an_evaluator_sees_what_the_role_allows_and_the_rest_greyed(
    app, qtbot, pg_url: str
) -> None:  # type: ignore[no-untyped-def]
    import uuid

    import shiboken6

    from computescore.gui import tasks
    from computescore.gui.dialogs.team import TeamDialog
    from computescore.gui.main_window import MainWindow
    from computescore.services.team import add_member

    eva = f"eva_{uuid.uuid4().hex[:8]}"
    with Store.open(pg_url) as store:
        create_demo(store)
        add_member(store, eva, "evaluator")
    as_eva = f"postgresql://{eva}@{pg_url.split('@', 1)[1]}"
    win = MainWindow(remember=False)
    qtbot.addWidget(win)
    win.resize(1440, 900)
    win.workspace.open_now(as_eva)
    win.show()
    qtbot.waitExposed(win)
    wait_idle(qtbot)
    assert win.workspace.snapshot.roles == ("evaluator",)
    assert win.act_import.isEnabled() and win.act_rates.isEnabled()
    assert not win.act_edit_eval.isEnabled() and not win.act_delete_eval.isEnabled()
    assert not win.act_new_eval.isEnabled() and win.act_team.isEnabled()
    scorecard = win.show_view("scorecard")
    qtbot.waitUntil(
        lambda: "Only a lead may change the weights" in scorecard.weights_note.text(),
        timeout=30_000,
    )
    assert all(not row.slider.isEnabled() for row in scorecard.rows.values())
    dialog = TeamDialog(win.workspace, win)
    qtbot.addWidget(dialog)
    names = [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())]
    assert eva in names
    assert not dialog.add_button.isEnabled()
    dialog.close()
    win.workspace.close()
    tasks.pool().waitForDone(5000)
    if shiboken6.isValid(win):
        win.close()
    qtbot.waitUntil(tasks.collection_resumed, timeout=5_000)


def test_a_technical_evaluator_sees_the_committee_but_no_price(app, qtbot, pg_url: str) -> None:  # type: ignore[no-untyped-def]
    import shiboken6

    from computescore.domain.committee import Criterion
    from computescore.domain.weights import Axis
    from computescore.gui import tasks
    from computescore.gui.main_window import MainWindow
    from computescore.services.committee import save_criterion
    from computescore.services.team import add_member

    with Store.open(pg_url) as store:
        create_demo(store)
        add_member(store, "tec_gui", "technical")
        save_criterion(store, Criterion("Support interview", Axis.SERVICE, 0.25))
    as_tec = "postgresql://tec_gui@" + pg_url.split("@", 1)[1]
    win = MainWindow(remember=False)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    win.workspace.open(as_tec)
    qtbot.waitUntil(lambda: win.workspace.is_open, timeout=20_000)
    wait_idle(qtbot)
    snapshot = win.workspace.snapshot
    assert snapshot is not None and snapshot.sealed
    assert snapshot.quotes == () and snapshot.lines == []
    for key in ("quotes", "scorecard", "tco", "reports"):
        page = win.show_view(key)
        assert not page.showing_body
        assert page.empty.title.text() == "Prices are sealed for you"
    committee = win.show_view("committee")
    assert committee.showing_body
    assert committee.scores.rowCount() == 8  # one criterion × the demo's eight vendors
    win.analysis.schedule()  # the engine is not run on prices the person may not read
    qtbot.waitUntil(lambda: win.analysis.error is not None, timeout=10_000)
    assert "Prices are sealed for you" in win.analysis.error and win.analysis.outcome is None
    tasks.pool().waitForDone(5000)
    if shiboken6.isValid(win):
        win.close()
    qtbot.waitUntil(tasks.collection_resumed, timeout=5_000)


def test_the_window_asks_for_a_password_and_opens_with_it(  # type: ignore[no-untyped-def]
    app, qtbot, pg_server, monkeypatch, tmp_path
) -> None:
    import shiboken6

    from computescore.gui import tasks
    from computescore.gui.main_window import MainWindow
    from computescore.services.team import add_member
    from computescore.store.server import forget_password

    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-pgpass"))
    url = str(pg_server.new_database())
    pg_server.login_with_password("pw_gui", "open sesame")
    with Store.open(url) as owner:
        create_demo(owner)
        add_member(owner, "pw_gui", "viewer")
    guarded = "postgresql://pw_gui@" + url.split("@", 1)[1]
    win = MainWindow(remember=False)
    qtbot.addWidget(win)
    asked: list[tuple[str, str]] = []
    win.workspace.password_needed.connect(lambda u, why: asked.append((u, why)))
    win.workspace.password_needed.disconnect(win.ask_password)  # answered below instead
    win.workspace.open(guarded)
    qtbot.waitUntil(lambda: bool(asked), timeout=20_000)
    assert asked[0][0] == guarded and "asks for a password" in asked[0][1]
    assert not win.workspace.is_open
    win.ask_password(guarded, asked[0][1], answer="open sesame")
    qtbot.waitUntil(lambda: win.workspace.is_open, timeout=20_000)
    wait_idle(qtbot)
    assert win.workspace.snapshot.roles == ("viewer",)
    forget_password(guarded)
    tasks.pool().waitForDone(5000)
    if shiboken6.isValid(win):
        win.close()
    qtbot.waitUntil(tasks.collection_resumed, timeout=5_000)
