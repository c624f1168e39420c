"""Working days: national, state and Recife's municipal holidays, each skipped day named."""

from __future__ import annotations

from datetime import date

from knowledge.working_days import add_working_days, holiday_name, municipal_calendar, next_working_day


def test_recife_calendar_is_documented_and_dated():
    calendar = municipal_calendar("recife")
    assert [(h.month, h.day) for h in calendar] == [(7, 16), (12, 8)]
    for holiday in calendar:
        assert holiday.source and holiday.since == date(1967, 7, 1)
    # Only the patron saint's day has an official act citing the municipal law (Lei 9.777/1967).
    assert [h.confirmed for h in calendar] == [True, False]
    assert municipal_calendar("pe") == ()  # the state laws count no working days: no municipal calendar


def test_recife_municipal_holiday_is_skipped_only_in_recife():
    assert holiday_name(date(2024, 7, 16), "recife") == "Nossa Senhora do Carmo (padroeira do Recife), feriado municipal"
    assert holiday_name(date(2024, 7, 16), "pe") is None
    count = next_working_day(date(2024, 7, 15), "recife")
    assert count.day == date(2024, 7, 17)
    assert count.skipped_holidays == [(date(2024, 7, 16), "Nossa Senhora do Carmo (padroeira do Recife), feriado municipal")]
    assert count.unconfirmed == []
    assert next_working_day(date(2024, 7, 15), "pe").day == date(2024, 7, 16)


def test_a_holiday_applies_only_from_its_date():
    assert holiday_name(date(1966, 7, 16), "recife") is None
    assert holiday_name(date(1967, 7, 16), "recife") is not None


def test_unconfirmed_holiday_is_reported():
    count = next_working_day(date(2025, 12, 5), "recife")
    assert count.day == date(2025, 12, 9)
    assert count.skipped_weekends == [date(2025, 12, 6), date(2025, 12, 7)]
    assert [(day, h.name) for day, h in count.unconfirmed] == [(date(2025, 12, 8), "Nossa Senhora da Conceição")]


def test_state_and_national_holidays_are_named():
    count = add_working_days(date(2024, 3, 5), 1, "recife")  # 06/03: Revolução Pernambucana (state)
    assert count.day == date(2024, 3, 7)
    assert count.skipped_holidays == [(date(2024, 3, 6), "Revolução Pernambucana de 1817")]
