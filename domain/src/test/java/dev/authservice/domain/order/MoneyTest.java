package dev.authservice.domain.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.authservice.domain.InvalidValueException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Currency;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
        assertEquals(Money.of("1200", "JPY"), Money.of("1.2E+3", "JPY"));
    }

    @Test
    void zeroIsAnAmount() {
        assertEquals("0.00", Money.of("0", "EUR").amount().toPlainString());
    }

    @Test
    void theLargestAmountEveryStoreKeepsIsAcceptedAndOneUnitMoreIsRefused() {
        assertEquals("9999999999.99", Money.of("9999999999.99", "EUR").amount().toPlainString());
        assertEquals("9999999999", Money.of("9999999999", "JPY").amount().toPlainString());

        assertEquals("amount must have at most 10 digits before the decimal point",
                assertThrows(InvalidValueException.class, () -> Money.of("10000000000", "JPY")).getMessage());
    }

    @Test
    void aNegativeTotalIsRefused() {
        assertEquals("amount must not be negative",
                assertThrows(InvalidValueException.class, () -> Money.of("-0.01", "EUR")).getMessage());
    }

    @Test
    void anAmountFinerThanTheCurrencyAllowsIsRefusedRatherThanRounded() {
        assertThrows(InvalidValueException.class, () -> Money.of("12.345", "EUR"));
        assertThrows(InvalidValueException.class, () -> Money.of("5.5", "JPY"));
    }

    /** Judged before it is scaled: scaling these would take minutes and gigabytes. */
    @ParameterizedTest
    @ValueSource(strings = {"1E+999999999", "1E-999999999"})
    void anAmountOfAnAbsurdScaleIsRefusedAtOnce(String amount) {
        assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> assertThrows(InvalidValueException.class, () -> Money.of(amount, "EUR")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"XAU", "XXX", "BHD"})
    void aCurrencyWithoutMinorUnitOrWithMoreThanTwoDecimalsIsRefused(String code) {
        assertEquals("currency", assertThrows(InvalidValueException.class, () -> Money.of("1", code)).field());
    }

    @Test
    void anUnknownCurrencyOrAnUnreadableAmountIsRefused() {
        assertEquals("currency must be an ISO 4217 currency code such as EUR",
                assertThrows(InvalidValueException.class, () -> Money.of("1.00", "EURO")).getMessage());
        assertEquals("amount must be a decimal number such as 12.50",
                assertThrows(InvalidValueException.class, () -> Money.of("one", "EUR")).getMessage());
    }

    @Test
    void aParsedRefusalNamesTheClientsField() {
        InvalidValueException amount = assertThrows(InvalidValueException.class,
                () -> Money.parse("totalAmount", "12.345", "currency", "EUR"));
        InvalidValueException currency = assertThrows(InvalidValueException.class,
                () -> Money.parse("totalAmount", "12.34", "currencyCode", "eur"));

        assertEquals("totalAmount", amount.field());
        assertEquals("totalAmount has more decimals than EUR allows", amount.getMessage());
        assertEquals("currencyCode", currency.field());
    }

    @Test
    void amountAndCurrencyAreRequired() {
        assertThrows(NullPointerException.class, () -> new Money(null, Currency.getInstance("EUR")));
        assertThrows(NullPointerException.class, () -> new Money(BigDecimal.ONE, null));
    }
}
