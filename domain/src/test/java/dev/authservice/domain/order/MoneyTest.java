package dev.authservice.domain.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.Currency;
import org.junit.jupiter.api.Test;

class MoneyTest {

    @Test
    void anAmountIsKeptAtTheCurrencysNumberOfDecimals() {
        assertEquals("12.50", Money.of("12.5", "EUR").amount().toPlainString());
        assertEquals("7.00", Money.of("7", "USD").amount().toPlainString());
        assertEquals("1200", Money.of("1200", "JPY").amount().toPlainString());
    }

    @Test
    void theSameAmountWrittenDifferentlyIsTheSameMoney() {
        assertEquals(Money.of("12.5", "EUR"), Money.of("12.50", "EUR"));
        assertEquals(Money.of("12.5", "EUR"), new Money(new BigDecimal("12.500"), Currency.getInstance("EUR")));
    }

    @Test
    void zeroIsAnAmount() {
        assertEquals("0.00", Money.of("0", "EUR").amount().toPlainString());
    }

    @Test
    void aNegativeTotalIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Money.of("-0.01", "EUR"));
    }

    @Test
    void anAmountFinerThanTheCurrencyAllowsIsRefusedRatherThanRounded() {
        assertThrows(IllegalArgumentException.class, () -> Money.of("12.345", "EUR"));
        assertThrows(IllegalArgumentException.class, () -> Money.of("5.5", "JPY"));
    }

    @Test
    void aCurrencyWithoutMinorUnitIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Money.of("1", "XAU"));
    }

    @Test
    void anUnknownCurrencyOrAnUnreadableAmountIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Money.of("1.00", "EURO"));
        assertThrows(NumberFormatException.class, () -> Money.of("one", "EUR"));
    }

    @Test
    void amountAndCurrencyAreRequired() {
        assertThrows(NullPointerException.class, () -> new Money(null, Currency.getInstance("EUR")));
        assertThrows(NullPointerException.class, () -> new Money(BigDecimal.ONE, null));
    }
}
