"""Hostile and malformed files at the reading stage (research checklist items 1–17, 20–22, 26–28).

Every fixture is generated in the test; each case asserts the refusal code and that
the message names the file and says why in plain words.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import multiprocessing
import zipfile
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from computescore.io.isolated import NullProgress, _read_workbook, read_file
from computescore.io.preflight import FileKind, ReadLimits, preflight
from computescore.io.refusal import FileRefused, ReadCancelled, RefusalCode
from computescore.io.workbook import Visibility
from tests.fixtures import hostile
from tests.fixtures.progress import Recorder


def refused(path: Path, limits: ReadLimits | None = None) -> FileRefused:
    with pytest.raises(FileRefused) as caught:
        read_file(path, limits)
    error = caught.value
    assert path.name in str(error)
    assert "Traceback" not in str(error)
    assert error.exit_code == 3
    return error


# 1
def test_empty_file_is_refused_before_parsing(tmp_path: Path) -> None:
    error = refused(hostile.empty_file(tmp_path))
    assert error.code is RefusalCode.EMPTY
    assert "the file is empty" in str(error)


# 2
def test_truncated_workbook_is_damaged_or_incomplete(tmp_path: Path) -> None:
    error = refused(hostile.truncated(tmp_path))
    assert error.code is RefusalCode.DAMAGED
    assert "interrupted download" in str(error)


# 3
def test_csv_named_xlsx_is_read_as_csv_and_says_so(tmp_path: Path) -> None:
    book = read_file(hostile.csv_named_xlsx(tmp_path))
    assert book.kind == "text"
    assert book.sheets[0].rows[1] == ["H100 on-demand", "H100 SXM", "8", "$3.10"]
    assert any("read as CSV" in note for note in book.notes)


# 4
@pytest.mark.parametrize("name", ["legacy.xls", "legacy_renamed.xlsx"])
def test_legacy_xls_is_refused_with_how_to_convert(tmp_path: Path, name: str) -> None:
    error = refused(hostile.legacy_xls(tmp_path, name))
    assert error.code is RefusalCode.LEGACY_XLS
    assert "Save As" in str(error) and ".xlsx" in str(error)


# 5
def test_password_protected_workbook_is_named_as_such(tmp_path: Path) -> None:
    error = refused(hostile.encrypted_xlsx(tmp_path))
    assert error.code is RefusalCode.ENCRYPTED
    assert "password-protected" in str(error)
    assert "zip" not in str(error).lower()


def test_ole_file_without_known_streams_is_not_a_spreadsheet(tmp_path: Path) -> None:
    assert refused(hostile.fake_ole(tmp_path)).code is RefusalCode.NOT_SPREADSHEET


# 6
@pytest.mark.parametrize("make", [hostile.plain_zip, hostile.docx_like])
def test_zip_that_is_not_a_workbook(tmp_path: Path, make) -> None:  # type: ignore[no-untyped-def]
    error = refused(make(tmp_path))
    assert error.code is RefusalCode.NOT_SPREADSHEET
    assert "not" in error.reason and "workbook" in error.reason


# 7
def test_workbook_without_its_sheet_part_has_no_readable_worksheets(tmp_path: Path) -> None:
    error = refused(hostile.missing_sheet_part(tmp_path))
    assert error.code is RefusalCode.NO_WORKSHEETS


# 8
@pytest.mark.parametrize("make", [hostile.billion_laughs_sheet, hostile.billion_laughs_workbook])
def test_billion_laughs_is_refused_by_preflight(tmp_path: Path, make) -> None:  # type: ignore[no-untyped-def]
    path = make(tmp_path)
    with pytest.raises(FileRefused) as caught:
        preflight(path)  # before any parser: nothing is expanded
    assert caught.value.code is RefusalCode.XML_ENTITIES
    assert "entities" in str(caught.value)


# 9
def test_xxe_is_refused_and_the_secret_appears_nowhere(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-42", encoding="utf-8")
    error = refused(hostile.xxe(tmp_path, secret))
    assert error.code is RefusalCode.XML_ENTITIES
    assert "TOP-SECRET-42" not in str(error)


# A bomb by compression ratio and a 7 MB bomb by size
@pytest.mark.parametrize("make", [hostile.ratio_bomb, hostile.big_bomb])
def test_decompression_bombs_are_refused_from_the_zip_directory(tmp_path: Path, make) -> None:  # type: ignore[no-untyped-def]
    path = make(tmp_path)
    with pytest.raises(FileRefused) as caught:
        preflight(path)
    assert caught.value.code in (RefusalCode.ZIP_BOMB, RefusalCode.TOO_BIG_UNCOMPRESSED)
    assert "MiB" in str(caught.value)


# 11
def test_part_compressed_over_the_ratio_is_a_probable_bomb(tmp_path: Path) -> None:
    path = hostile.ratio_bomb(tmp_path)
    limits = ReadLimits(max_uncompressed_bytes=10 << 30)  # only the ratio can stop it
    with pytest.raises(FileRefused) as caught:
        preflight(path, limits)
    assert caught.value.code is RefusalCode.ZIP_BOMB
    assert "decompression bomb" in str(caught.value)


def test_total_declared_size_over_the_limit(tmp_path: Path) -> None:
    path = hostile.ratio_bomb(tmp_path)
    limits = ReadLimits(max_ratio=10_000)  # only the declared total can stop it
    with pytest.raises(FileRefused) as caught:
        preflight(path, limits)
    assert caught.value.code is RefusalCode.TOO_BIG_UNCOMPRESSED
    assert "expands to 500.0 MiB" in str(caught.value)


# 12
def test_lying_size_header_is_damaged(tmp_path: Path) -> None:
    assert refused(hostile.lying_header(tmp_path)).code is RefusalCode.DAMAGED


# 13
def test_far_corner_cell_is_outside_the_supported_area(tmp_path: Path) -> None:
    error = refused(hostile.far_corner(tmp_path))
    assert error.code is RefusalCode.OUTSIDE_AREA
    assert "XFD1048576" in str(error)
    assert "outside the supported area" in str(error)


def test_far_corner_is_named_whether_the_check_or_calamine_finishes_first(
    tmp_path: Path,
) -> None:
    # The reader checks a sheet's bounds while calamine parses it. On a 5 KB file
    # calamine may abort before the check ends; the file is then read again with the
    # bounds checked first, so the refusal always says what is wrong.
    path = hostile.far_corner(tmp_path)
    checked = preflight(path, ReadLimits())
    with pytest.raises(FileRefused) as racing:
        _read_workbook(checked, ReadLimits(), NullProgress(), scan_first=False)
    assert racing.value.code in (
        RefusalCode.OUTSIDE_AREA,
        RefusalCode.CRASHED,
        RefusalCode.MEMORY,
    )
    with pytest.raises(FileRefused) as ordered:
        _read_workbook(checked, ReadLimits(), NullProgress(), scan_first=True)
    assert ordered.value.code is RefusalCode.OUTSIDE_AREA
    for _ in range(3):
        assert "XFD1048576" in str(refused(path))
    assert multiprocessing.active_children() == []


def test_bounds_checked_first_or_alongside_give_the_same_workbook(tmp_path: Path) -> None:
    for path in (hostile.hidden_content(tmp_path), hostile.merged_header(tmp_path)):
        checked = preflight(path, ReadLimits())
        alongside = _read_workbook(checked, ReadLimits(), NullProgress(), scan_first=False)
        first = _read_workbook(checked, ReadLimits(), NullProgress(), scan_first=True)
        assert alongside == first
        assert alongside.sheets


def test_far_corner_spellings_calamine_accepts_are_all_caught(tmp_path: Path) -> None:
    for path in hostile.far_corner_variants(tmp_path):
        assert refused(path).code is RefusalCode.OUTSIDE_AREA, path.name


def test_huge_declared_dimension_alone_is_harmless(tmp_path: Path) -> None:
    book = read_file(hostile.huge_dimension(tmp_path))
    assert [len(row) for row in book.sheets[0].rows] == [5, 5, 5]


# 14
def test_understated_dimension_loses_no_rows(tmp_path: Path) -> None:
    book = read_file(hostile.understated_dimension(tmp_path))
    assert [row[0] for row in book.sheets[0].rows][-1] == "L40S on-demand"
    assert len(book.sheets[0].rows) == 4


# 15
def test_million_row_sheet_is_refused_with_the_limit(tmp_path: Path) -> None:
    error = refused(hostile.million_rows(tmp_path))
    assert error.code is RefusalCode.TOO_MANY_ROWS
    assert "200,000" in str(error)


# 16
def test_reader_that_dies_or_balloons_becomes_could_not_be_read_safely(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    # With the bounds check relaxed, calamine is handed the far-corner file: it either
    # aborts allocating 512 GiB or grows until the watchdog kills it.
    loose = ReadLimits(max_rows=2_000_000, max_columns=20_000, max_cells=10**14, max_rss_mb=700)
    with caplog.at_level("WARNING", logger="computescore.io"):
        error = refused(hostile.far_corner(tmp_path), loose)
    assert error.code in (RefusalCode.CRASHED, RefusalCode.MEMORY)
    assert "could not be read safely" in str(error)
    assert multiprocessing.active_children() == []
    # What the dying reader printed is in the log, not on the user's terminal.
    assert "memory allocation" not in capfd.readouterr().err
    if error.code is RefusalCode.CRASHED:
        assert "memory allocation" in caplog.text


def test_reader_past_its_time_limit_is_stopped(tmp_path: Path) -> None:
    error = refused(hostile.simple_quote(tmp_path), ReadLimits(timeout_s=0.0))
    assert error.code is RefusalCode.TIMEOUT
    assert "could not be read safely" in str(error)
    assert multiprocessing.active_children() == []


def test_reader_past_its_memory_limit_is_stopped(tmp_path: Path) -> None:
    error = refused(hostile.simple_quote(tmp_path), ReadLimits(max_rss_mb=1))
    assert error.code is RefusalCode.MEMORY
    assert multiprocessing.active_children() == []


def test_cancel_kills_the_reader(tmp_path: Path) -> None:
    with pytest.raises(ReadCancelled):
        read_file(hostile.simple_quote(tmp_path), progress=Recorder(lambda _messages: True))
    assert multiprocessing.active_children() == []


# 17
def test_macro_workbook_gives_values_only_and_a_note(tmp_path: Path) -> None:
    path = hostile.macro_workbook(tmp_path)
    assert preflight(path).kind is FileKind.XLSM
    book = read_file(path)
    assert book.sheets[0].rows[1][:2] == ["H100 on-demand", "H100 SXM"]
    assert any("macros" in note and "never run" in note for note in book.notes)
    flat = repr([sheet.rows for sheet in book.sheets])
    assert "vba project" not in flat


def test_external_links_are_noted(tmp_path: Path) -> None:
    book = read_file(hostile.external_links(tmp_path))
    assert any("links to other workbooks" in note for note in book.notes)


# 18, 19: formulas are recorded with their cached values
def test_formula_with_stale_cache_is_recorded_with_both_values(tmp_path: Path) -> None:
    book = read_file(hostile.cached_value_lie(tmp_path))
    sheet = book.sheets[0]
    formula = sheet.formulas[(2, 3)]
    assert (formula.formula, formula.cached) == ("D2*2", "1.0")
    assert sheet.rows[2][3] == 1.0


def test_formula_without_cache_reads_empty_and_is_recorded(tmp_path: Path) -> None:
    book = read_file(hostile.formula_without_cache(tmp_path))
    sheet = book.sheets[0]
    assert sheet.formulas[(2, 3)].cached is None
    assert sheet.cell(2, 3) is None


# 20
def test_hidden_rows_and_sheets_are_read_and_marked(tmp_path: Path) -> None:
    book = read_file(hostile.hidden_content(tmp_path))
    states = {sheet.name: sheet.visibility for sheet in book.sheets}
    assert states == {
        "Quote": Visibility.VISIBLE,
        "Secret": Visibility.HIDDEN,
        "VeryHidden": Visibility.VERY_HIDDEN,
    }
    quote = book.sheets[0]
    assert quote.hidden_rows == frozenset({4})
    assert quote.rows[4][0] == "Price valid only until Friday"


# 21 (reading part): merged ranges are reported and values keep their columns
def test_merged_ranges_are_reported(tmp_path: Path) -> None:
    book = read_file(hostile.merged_header(tmp_path))
    sheet = book.sheets[0]
    assert (2, 2, 2, 4) in sheet.merged
    assert sheet.rows[3][2:5] == ["Qty", "Price/hr", "Currency"]


# 22 (reading part)
@pytest.mark.parametrize("date1904", [False, True])
def test_formatted_dates_honour_the_workbook_epoch(tmp_path: Path, date1904: bool) -> None:
    book = read_file(hostile.date_serials(tmp_path, date1904=date1904))
    assert book.date1904 is date1904
    rows = book.sheets[0].rows
    assert rows[1][1] in (dt.date(2024, 3, 1), dt.datetime(2024, 3, 1))
    assert rows[2][1] == (43890 if date1904 else 45352)


# 26
def test_semicolon_csv_with_bom_lands_in_columns(tmp_path: Path) -> None:
    book = read_file(hostile.csv_semicolon_bom(tmp_path))
    assert book.delimiter == ";"
    assert book.sheets[0].rows == [
        ["Description", "GPU", "Qty", "Price/hr", "Currency"],
        ["H100 on-demand", "H100 SXM", "8", "2,85", "EUR"],
    ]


def test_latin1_csv_is_read_as_windows_1252_with_a_note(tmp_path: Path) -> None:
    book = read_file(hostile.csv_latin1(tmp_path))
    assert book.encoding == "cp1252"
    assert book.sheets[0].rows[1][0] == "Müller GPU-Miete"
    assert any("Windows-1252" in note for note in book.notes)


def test_explicit_encoding_that_does_not_fit_names_the_line(tmp_path: Path) -> None:
    path = hostile.csv_latin1(tmp_path)
    with pytest.raises(FileRefused) as caught:
        read_file(path, encoding="utf-8")
    assert caught.value.code is RefusalCode.ENCODING
    assert "line 2" in str(caught.value)


def test_utf16_tab_separated_text(tmp_path: Path) -> None:
    book = read_file(hostile.csv_utf16(tmp_path))
    assert book.delimiter == "\t"
    assert book.sheets[0].rows[1] == ["H100 on-demand", "H100 SXM", "8", "3.10"]


# 28
def test_csv_with_nul_byte_names_the_line(tmp_path: Path) -> None:
    error = refused(hostile.csv_nul(tmp_path))
    assert error.code is RefusalCode.CSV_NUL
    assert "line 3" in str(error)


def test_csv_with_giant_field_names_the_line(tmp_path: Path) -> None:
    error = refused(hostile.csv_giant_field(tmp_path))
    assert error.code is RefusalCode.CSV_FIELD_TOO_LONG
    assert "line 3" in str(error)


def test_csv_with_too_many_rows_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.csv"
    path.write_text("a,b\n" + "1,2\n" * 50, encoding="utf-8")
    error = refused(path, ReadLimits(max_rows=20))
    assert error.code is RefusalCode.TOO_MANY_ROWS


def test_csv_line_numbers_follow_quoted_newlines(tmp_path: Path) -> None:
    path = tmp_path / "multiline.csv"
    path.write_text('Description,Price\n"two\nlines",1\nnext,2\n', encoding="utf-8")
    sheet = read_file(path).sheets[0]
    assert list(sheet.line_numbers) == [1, 2, 4]


def test_csv_line_numbers_count_blank_lines_and_the_separator_line(tmp_path: Path) -> None:
    path = tmp_path / "spaced.csv"
    path.write_bytes(b"sep=;\r\nDescription;Price\r\n\r\nH100;3,10\r\nA100;1,80")
    sheet = read_file(path).sheets[0]
    assert sheet.rows == [["Description", "Price"], [], ["H100", "3,10"], ["A100", "1,80"]]
    assert list(sheet.line_numbers) == [2, 3, 4, 5]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(
            st.sampled_from(["", "a", "3.10", '"x,y"', '"two\nlines"', '"a ""q"""']), max_size=4
        ),
        max_size=12,
    ),
    st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_csv_line_numbers_are_where_each_row_starts(
    tmp_path_factory: pytest.TempPathFactory, records: list[list[str]], newline: str
) -> None:
    path = tmp_path_factory.mktemp("lines") / "quote.csv"
    text = newline.join(",".join(fields) for fields in records)
    assume(text.strip())
    path.write_bytes(text.encode())
    expected = []
    reader = csv.reader(io.StringIO(text, newline=""))
    line = 1
    for _ in reader:
        expected.append(line)
        line = reader.line_num + 1
    assert list(read_file(path).sheets[0].line_numbers) == expected


def test_a_broken_pdf_is_refused_as_damaged(tmp_path: Path) -> None:
    path = tmp_path / "quote.xlsx"
    path.write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 4)
    error = refused(path)
    assert error.code is RefusalCode.DAMAGED
    assert "PDF" in str(error)


def test_too_large_file_is_refused_by_size(tmp_path: Path) -> None:
    path = hostile.simple_quote(tmp_path)
    error = refused(path, ReadLimits(max_file_bytes=100))
    assert error.code is RefusalCode.TOO_BIG


def test_too_many_zip_parts(tmp_path: Path) -> None:
    path = hostile.simple_quote(tmp_path)
    error = refused(path, ReadLimits(max_parts=3))
    assert error.code is RefusalCode.TOO_MANY_PARTS


def test_encrypted_zip_entry_is_refused(tmp_path: Path) -> None:
    path = hostile.simple_quote(tmp_path)
    data = bytearray(path.read_bytes())
    # Set the "encrypted" flag (bit 0 of the general-purpose flags) in every central record.
    position = data.find(b"PK\x01\x02")
    while position >= 0:
        data[position + 8] |= 0x01
        position = data.find(b"PK\x01\x02", position + 4)
    path.write_bytes(bytes(data))
    assert zipfile.ZipFile(path).infolist()[0].flag_bits & 1
    assert refused(path).code is RefusalCode.ENCRYPTED
