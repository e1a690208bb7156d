"""Workspace-wide rows: exchange rates, settings, mapping profiles, custom accelerators, lists."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from sqlalchemy import insert, select

from computescore.domain.quotes import FxRate
from computescore.store import mapping
from computescore.store.repository.audited import AuditedSession
from computescore.store.repository.base import _now
from computescore.store.tables import (
    CustomAcceleratorRow,
    FxRateRow,
    MappingProfileRow,
    ScreeningEntryRow,
    ScreeningListRow,
    SettingRow,
    VendorRow,
)


class WorkspaceRows(AuditedSession):
    """Reads and writes of the rows that belong to the workspace, not to one evaluation."""

    # -- FX, settings, profiles, custom accelerators ---------------------------------
    def set_fx_rate(self, rate: FxRate) -> None:
        """Insert or replace the rate for a currency and date."""
        existing = self.session.exec(
            select(FxRateRow).where(
                FxRateRow.currency == rate.currency, FxRateRow.as_of == rate.as_of
            )
        ).first()
        if existing:
            row = existing[0]
            old = row.usd_per_unit
            row.usd_per_unit = rate.usd_per_unit
            row.source = rate.source
            self.session.add(row)
            self.audit(
                "update",
                "fx_rate",
                f"{rate.currency}@{rate.as_of}",
                "usd_per_unit",
                old,
                rate.usd_per_unit,
            )
        else:
            self.session.add(
                FxRateRow(
                    currency=rate.currency,
                    usd_per_unit=rate.usd_per_unit,
                    as_of=rate.as_of,
                    source=rate.source,
                )
            )
            self.audit("create", "fx_rate", f"{rate.currency}@{rate.as_of}", new=rate.usd_per_unit)
        self.session.flush()

    def delete_fx_rate(self, currency: str, as_of: date) -> None:
        """Delete the rate for a currency on a date (no error when there is none)."""
        found = self.session.exec(
            select(FxRateRow).where(FxRateRow.currency == currency, FxRateRow.as_of == as_of)
        ).first()
        if found is None:
            return
        old = found[0].usd_per_unit
        self.session.delete(found[0])
        self.session.flush()
        self.audit("delete", "fx_rate", f"{currency}@{as_of}", "usd_per_unit", old, None)

    def fx_rates(self) -> tuple[FxRate, ...]:
        """Every stored FX rate, by currency then date."""
        rows = (
            self.session.exec(select(FxRateRow).order_by(FxRateRow.currency, FxRateRow.as_of))
            .scalars()
            .all()
        )
        return tuple(mapping.fx_from_row(r) for r in rows)

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A workspace setting's value, or ``default``."""
        row = self.session.get(SettingRow, key)
        return default if row is None else row.value

    def set_setting(self, key: str, value: Any) -> None:
        """Store a workspace setting, audited."""
        row = self.session.get(SettingRow, key)
        old = None if row is None else row.value
        if row is None:
            row = SettingRow(key=key, value=value)
        else:
            row.value = value
        self.session.add(row)
        self.session.flush()
        self.audit("update", "setting", key, "value", old, value)

    def mapping_profile(self, vendor_name: str) -> dict[str, Any] | None:
        """The saved column-mapping profile of a vendor, or None."""
        found_vendor = self.session.exec(
            select(VendorRow).where(VendorRow.name == vendor_name)
        ).first()
        if found_vendor is None:
            return None
        vendor = found_vendor[0]
        found = self.session.exec(
            select(MappingProfileRow).where(MappingProfileRow.vendor_id == vendor.id)
        ).first()
        return None if found is None else dict(found[0].profile or {})

    def save_mapping_profile(self, vendor_id: int, profile: Mapping[str, Any]) -> None:
        """Save (replace) a vendor's column-mapping profile."""
        found = self.session.exec(
            select(MappingProfileRow).where(MappingProfileRow.vendor_id == vendor_id)
        ).first()
        if found:
            row = found[0]
            row.profile = dict(profile)
            row.updated_at = _now()
        else:
            row = MappingProfileRow(vendor_id=vendor_id, profile=dict(profile), updated_at=_now())
        self.session.add(row)
        self.session.flush()
        self.audit("update", "mapping_profile", vendor_id, "profile", None, dict(profile))

    def add_custom_accelerator(self, accelerator_id: str, spec: Mapping[str, Any]) -> None:
        """Store a user-defined accelerator (catalogue JSON shape)."""
        self.session.add(
            CustomAcceleratorRow(accelerator_id=accelerator_id, spec=dict(spec), created_at=_now())
        )
        self._flush(f"An accelerator with id {accelerator_id!r} already exists.")
        self.audit("create", "custom_accelerator", accelerator_id, new=dict(spec))

    def custom_accelerators(self) -> list[dict[str, Any]]:
        """The user's own accelerators, in catalogue JSON shape."""
        rows = (
            self.session.exec(
                select(CustomAcceleratorRow).order_by(CustomAcceleratorRow.accelerator_id)
            )
            .scalars()
            .all()
        )
        return [dict(r.spec or {}) for r in rows]

    # -- screening lists -------------------------------------------------------------
    def add_screening_list(
        self,
        name: str,
        list_date: date | None,
        source_file: str,
        entries: Sequence[Mapping[str, Any]],
    ) -> int:
        """Store an imported restricted-party list with its entries; returns its id."""
        row = ScreeningListRow(
            name=name,
            list_date=list_date,
            source_file=source_file,
            imported_at=_now(),
            entry_count=len(entries),
        )
        self.session.add(row)
        self.session.flush()
        assert row.id is not None
        if entries:
            self.session.execute(
                insert(ScreeningEntryRow),
                [
                    {
                        "list_id": row.id,
                        "name": e["name"],
                        "alt_names": list(e.get("alt_names", [])),
                        "country": e.get("country", ""),
                        "source": e.get("source", ""),
                        "programs": e.get("programs", ""),
                        "remarks": e.get("remarks", ""),
                    }
                    for e in entries
                ],
            )
        self.audit("create", "screening_list", row.id, new=f"{name} ({len(entries)} entries)")
        return row.id

    def screening_lists(self) -> list[tuple[ScreeningListRow, list[dict[str, Any]]]]:
        """Every stored list with its entries as plain dicts."""
        out = []
        for lst in (
            self.session.exec(select(ScreeningListRow).order_by(ScreeningListRow.id))
            .scalars()
            .all()
        ):
            entries = [
                dict(m)
                for m in self.session.execute(
                    select(ScreeningEntryRow.__table__).where(
                        ScreeningEntryRow.__table__.c.list_id == lst.id
                    )
                ).mappings()
            ]
            out.append((lst, entries))
        return out
