"""The names of the compared figures in words: a figure of the flat table
(:func:`model.figures.flatten_report`) is named by its path of report keys ("bisection.gbps",
"power.Hall A.it_kw"); the compare dialog shows that path, each key in the reader's language
("二分带宽 · Gb/s", "功耗 · Hall A · IT 功耗 (kW)"). Element and part names stay as written.

English keeps the path as it is (the names scripts and the JSON export use).
"""

from __future__ import annotations

from model.i18n import Translator, mark

KEY_WORDS: dict[str, str] = {
    "accelerators": mark("figures", "accelerators"),
    "accelerators_a": mark("figures", "accelerators on side A"),
    "accelerators_by_type": mark("figures", "accelerators by type"),
    "afr_per_year": mark("figures", "annual failure rate"),
    "allowance_kw": mark("figures", "allowance, kW"),
    "any_estimate": mark("figures", "any price estimated"),
    "available": mark("figures", "available"),
    "bisection": mark("figures", "bisection"),
    "budget_kw": mark("figures", "budget, kW"),
    "building": mark("figures", "building"),
    "building_pairs": mark("figures", "building pairs"),
    "buildings": mark("figures", "buildings"),
    "by_accelerator_type_pflops": mark("figures", "by accelerator type, PFLOPS"),
    "by_building_pflops": mark("figures", "by building, PFLOPS"),
    "by_class": mark("figures", "by class"),
    "by_island_pflops": mark("figures", "by island, PFLOPS"),
    "by_scope": mark("figures", "by scope"),
    "by_vendor_pflops": mark("figures", "by vendor, PFLOPS"),
    "cables": mark("figures", "cables"),
    "campus": mark("figures", "campus"),
    "campus_pflops": mark("figures", "campus, PFLOPS"),
    "capacity_kw": mark("figures", "capacity, kW"),
    "capex_by_category_usd": mark("figures", "capex by category, USD"),
    "capex_usd": mark("figures", "capex, USD"),
    "checkpoint_write_s": mark("figures", "checkpoint write, s"),
    "compute": mark("figures", "compute"),
    "cost": mark("figures", "cost"),
    "count": mark("figures", "count"),
    "crossing_gbps": mark("figures", "crossing, Gb/s"),
    "cut": mark("figures", "cut"),
    "daly_goodput": mark("figures", "goodput (Daly)"),
    "daly_interval_s": mark("figures", "Daly interval, s"),
    "down_gbps": mark("figures", "downlinks, Gb/s"),
    "electricity_usd_per_kwh": mark("figures", "electricity, USD per kWh"),
    "energy_kwh_per_year": mark("figures", "energy, kWh per year"),
    "energy_usd_per_year": mark("figures", "energy, USD per year"),
    "error": mark("figures", "errors"),
    "estimate": mark("figures", "estimated"),
    "exact": mark("figures", "exact"),
    "facility_kw": mark("figures", "facility power, kW"),
    "fraction_of_full": mark("figures", "fraction of full"),
    "full_gbps": mark("figures", "full, Gb/s"),
    "gbps": mark("figures", "Gb/s"),
    "goodput": mark("figures", "goodput"),
    "gpu": mark("figures", "GPU"),
    "hbm": mark("figures", "HBM"),
    "headroom_kw": mark("figures", "headroom, kW"),
    "histogram": mark("figures", "histogram"),
    "hops": mark("figures", "hops"),
    "host": mark("figures", "host"),
    "host_maintenance": mark("figures", "host maintenance"),
    "injection_gbps_per_accelerator": mark("figures", "injection per accelerator, Gb/s"),
    "interruptions_per_day": mark("figures", "interruptions per day"),
    "island": mark("figures", "island"),
    "island_pairs": mark("figures", "island pairs"),
    "islands": mark("figures", "islands"),
    "it_kw": mark("figures", "IT power, kW"),
    "items": mark("figures", "items"),
    "job": mark("figures", "job"),
    "link": mark("figures", "link"),
    "links": mark("figures", "links"),
    "lost_fraction": mark("figures", "lost fraction"),
    "lower_bound_gbps": mark("figures", "lower bound, Gb/s"),
    "max": mark("figures", "max"),
    "mean": mark("figures", "mean"),
    "min": mark("figures", "min"),
    "mtbi_hours": mark("figures", "mean time between interruptions, h"),
    "mtbi_s": mark("figures", "mean time between interruptions, s"),
    "network_per_accelerator_usd": mark("figures", "network per accelerator, USD"),
    "network_per_bisection_tbps_usd": mark("figures", "network per Tb/s of bisection, USD"),
    "network_share": mark("figures", "network share"),
    "network_usd": mark("figures", "network, USD"),
    "nic": mark("figures", "NIC"),
    "optics": mark("figures", "optics"),
    "oversubscription": mark("figures", "oversubscription"),
    "per_accelerator_gbps": mark("figures", "per accelerator, Gb/s"),
    "per_accelerator_usd": mark("figures", "per accelerator, USD"),
    "per_bisection_tbps_usd": mark("figures", "per Tb/s of bisection, USD"),
    "per_pflops_usd": mark("figures", "per PFLOPS, USD"),
    "per_rack_kw": mark("figures", "per rack, kW"),
    "per_switch": mark("figures", "per switch"),
    "ports": mark("figures", "ports"),
    "power": mark("figures", "power"),
    "power_supply": mark("figures", "power supply"),
    "power_totals": mark("figures", "power totals"),
    "problems": mark("figures", "problems"),
    "quantity": mark("figures", "quantity"),
    "rack": mark("figures", "rack"),
    "rack_power": mark("figures", "rack power"),
    "racks": mark("figures", "racks"),
    "ratio": mark("figures", "ratio"),
    "reliability": mark("figures", "reliability"),
    "restart_s": mark("figures", "restart, s"),
    "scale_up_by_scope": mark("figures", "scale-up pairs by scope"),
    "scale_up_pairs": mark("figures", "scale-up pairs"),
    "server": mark("figures", "server"),
    "servers": mark("figures", "servers"),
    "servers_kw": mark("figures", "servers, kW"),
    "software": mark("figures", "software"),
    "sources": mark("figures", "sources"),
    "switch": mark("figures", "switch"),
    "switches": mark("figures", "switches"),
    "switches_by_model": mark("figures", "switches by model"),
    "switches_kw": mark("figures", "switches, kW"),
    "tco_usd": mark("figures", "total cost of ownership, USD"),
    "total_usd": mark("figures", "total, USD"),
    "transceivers": mark("figures", "transceivers"),
    "transceivers_kw": mark("figures", "transceivers, kW"),
    "unit_usd": mark("figures", "unit price, USD"),
    "units": mark("figures", "units"),
    "unpriced_parts": mark("figures", "unpriced parts"),
    "unreachable_pairs": mark("figures", "pairs with no path"),
    "up_gbps": mark("figures", "uplinks, Gb/s"),
    "usd_exchange_rate": mark("figures", "USD exchange rate"),
    "used": mark("figures", "used"),
    "utilization": mark("figures", "utilization"),
    "warning": mark("figures", "warnings"),
    "worst_switch_ratio": mark("figures", "worst switch's ratio"),
    "worst_switch_used": mark("figures", "worst switch's ports used"),
    "years": mark("figures", "years"),
    "young_interval_s": mark("figures", "Young interval, s"),
}
"""Each key of the report in words (English; translated when shown)."""


def figure_name(path: str, lang: str | None = None) -> str:
    """The figure at ``path`` named in ``lang``: the path itself in English (or when None);
    else each report key translated and joined with " · ", the names between kept."""
    t = Translator(lang)
    if t.lang == "en":
        return path
    parts = path.split(".")
    out = ""
    for i, part in enumerate(parts):
        known = part in KEY_WORDS
        if i:
            # a name may hold a dot ("51.2 Tb/s"): only a key's neighbours are split
            out += " · " if known or parts[i - 1] in KEY_WORDS else "."
        out += t.translate("figures", KEY_WORDS[part]) if known else part
    return out
