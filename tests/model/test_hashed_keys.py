"""Keys that hash once (:class:`HashedKey`, :class:`NetworkStructure`): equal to and
hashed like what they stand for, and pickled without the hash they keep (strings hash
differently in another process, such as the GUI's engine process)."""

from __future__ import annotations

import pickle

from model.elements import Plane
from model.metrics.algorithms.remembered import HashedKey, ProjectedKey
from model.metrics.equipment_parts import design_key
from model.metrics.memory import Memory, remembering
from model.metrics.spec import equipment_key, layout_key, network_spec
from model.templates import TEMPLATES


def test_hashed_key_is_its_tuple() -> None:
    key = HashedKey(("a", 1, ("b", 2.5)))
    assert key == ("a", 1, ("b", 2.5))
    assert hash(key) == hash(("a", 1, ("b", 2.5)))
    assert {key: "found"}[("a", 1, ("b", 2.5))] == "found"


def test_hashed_key_pickles_without_its_hash() -> None:
    key = HashedKey(("a", 1))
    hash(key)
    again = pickle.loads(pickle.dumps(key))
    assert again == key and isinstance(again, HashedKey)
    assert "_hash" not in again.__dict__


def test_network_structure_keeps_its_hash_but_does_not_pickle_it() -> None:
    design = TEMPLATES["superpod"].build(sus=2)
    structure = network_spec(design, design.settings.plane).structure
    same = network_spec(design, design.settings.plane).structure
    assert structure is not same and structure == same and hash(structure) == hash(same)
    assert "_hash" in structure.__dict__  # kept after the first hash
    again = pickle.loads(pickle.dumps(structure))
    assert "_hash" not in again.__dict__
    assert again == structure and hash(again) == hash(structure)
    design.update(next(iter(design.rack_groups)), count=1)
    assert network_spec(design, design.settings.plane).structure != structure


def test_layout_keys_hash_by_a_projection_and_pickle_with_it() -> None:
    design = TEMPLATES["superpod"].build(sus=2)
    plane = design.settings.plane
    key, same = layout_key(design, plane), layout_key(design, plane)
    assert key is not same and key == same and hash(key) == hash(same)
    assert {key: "found"}[same] == "found"
    again = pickle.loads(pickle.dumps(key))
    assert isinstance(again, ProjectedKey) and again == key and hash(again) == hash(key)
    group = next(iter(design.rack_groups.values()))
    design.update(group.id, name="renamed")  # not in the projection: equal hash
    renamed = layout_key(design, plane)
    assert hash(renamed) == hash(key) and renamed != key
    assert renamed not in {key: "found"}  # told apart by the records
    design.update(group.id, count=group.count + 1)
    assert equipment_key(design, plane) != equipment_key(design, Plane.FRONTEND)


def test_spec_parts_kept_across_edits_equal_fresh_ones() -> None:
    """The tiers' and bundles' part of the spec, of the equipment key and of the parts'
    key, kept while their records stay (``Memory.spec_parts``), are the parts a fresh
    memory makes, edit after edit."""
    design = TEMPLATES["superpod"].build(sus=2)
    memory = Memory()
    group = next(iter(design.rack_groups.values()))
    tier = next(iter(design.tiers.values()))
    bundle = next(iter(design.bundles.values()))
    edits = [(group.id, {"count": group.count - 1}), (tier.id, {"count": tier.count + 1}),
             (bundle.id, {"speed_gbps": bundle.speed_gbps / 2}),
             (group.id, {"count": group.count}), (tier.id, {"count": tier.count}),
             (bundle.id, {"speed_gbps": bundle.speed_gbps})]
    for element, change in edits:
        design.update(element, **change)
        plane = design.settings.plane
        with remembering(memory):
            warm = network_spec(design, plane)
            warm_keys = (equipment_key(design, plane), design_key(design))
        fresh = network_spec(design, plane)
        fresh_keys = (equipment_key(design, plane), design_key(design))
        assert warm_keys == fresh_keys and hash(warm_keys) == hash(fresh_keys)
        assert warm == fresh and hash(warm.structure) == hash(fresh.structure)
        assert warm.figures_key() == fresh.figures_key()
        assert pickle.loads(pickle.dumps(warm.structure)) == fresh.structure
