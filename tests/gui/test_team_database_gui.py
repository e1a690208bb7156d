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
    assert len(snapshot.quotes) == 8
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
