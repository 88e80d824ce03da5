package dev.authservice.domain.order;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;
import java.util.Objects;

/** An amount in one currency, kept at the currency's number of decimals. */
public record Money(BigDecimal amount, Currency currency) {

    public Money {
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(amount, "amount");
        if (currency.getDefaultFractionDigits() < 0) {
            throw new IllegalArgumentException(currency + " has no minor unit: not a currency to price orders in");
        }
        try {
            amount = amount.setScale(currency.getDefaultFractionDigits(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(amount + " has more decimals than " + currency + " allows", e);
        }
        if (amount.signum() < 0) {
            throw new IllegalArgumentException("an order total is never negative");
        }
    }

    public static Money of(String amount, String currencyCode) {
        return new Money(new BigDecimal(amount), Currency.getInstance(currencyCode));
    }
}
