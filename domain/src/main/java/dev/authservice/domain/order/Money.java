package dev.authservice.domain.order;

import dev.authservice.domain.InvalidValueException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;
import java.util.Objects;

/**
 * An order's total: an amount in one currency, kept at the currency's number of decimals. Every refusal is an
 * {@link InvalidValueException}, so that money a client wrote is answered as bad input.
 */
public record Money(BigDecimal amount, Currency currency) {

    /** Up to 9 999 999 999 whole units, with at most two decimals: what every order store keeps. */
    public static final int MAX_WHOLE_DIGITS = 10;
    public static final int MAX_DECIMALS = 2;

    public Money {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(currency, "currency");
        priceable("currency", currency);
        amount = kept("amount", amount, currency);
    }

    public static Money of(String amount, String currencyCode) {
        return parse("amount", amount, "currency", currencyCode);
    }

    /**
     * Money as a client writes it: a decimal amount ({@code "12.50"}) and an ISO 4217 code ({@code "EUR"}). A refusal
     * names the client's field for the amount or the currency.
     */
    public static Money parse(String amountField, String amount, String currencyField, String currencyCode) {
        Currency currency = priceable(currencyField, currency(currencyField, currencyCode));
        return new Money(kept(amountField, decimal(amountField, amount), currency), currency);
    }

    private static Currency currency(String field, String code) {
        try {
            return Currency.getInstance(Objects.requireNonNull(code, field));
        } catch (IllegalArgumentException e) {
            throw new InvalidValueException(field, field + " must be an ISO 4217 currency code such as EUR");
        }
    }

    private static Currency priceable(String field, Currency currency) {
        int decimals = currency.getDefaultFractionDigits();
        if (decimals < 0 || decimals > MAX_DECIMALS) {
            throw new InvalidValueException(field, field + " " + currency + " has no minor unit or more than "
                    + MAX_DECIMALS + " decimals: not a currency to price orders in");
        }
        return currency;
    }

    private static BigDecimal decimal(String field, String text) {
        try {
            return new BigDecimal(Objects.requireNonNull(text, field));
        } catch (NumberFormatException e) {
            throw new InvalidValueException(field, field + " must be a decimal number such as 12.50");
        }
    }

    /** The amount at the currency's decimals; refused rather than rounded, and judged before it is scaled. */
    private static BigDecimal kept(String field, BigDecimal amount, Currency currency) {
        if (amount.signum() < 0) {
            throw new InvalidValueException(field, field + " must not be negative");
        }
        // Stripped, the scale counts the decimals that matter and precision - scale the whole digits, whatever the
        // notation: 1E+999999999 is refused here instead of being scaled into a billion digits.
        BigDecimal stripped = amount.stripTrailingZeros();
        if (stripped.scale() > currency.getDefaultFractionDigits()) {
            throw new InvalidValueException(field, field + " has more decimals than " + currency + " allows");
        }
        if (stripped.precision() - stripped.scale() > MAX_WHOLE_DIGITS) {
            throw new InvalidValueException(field, field + " must have at most " + MAX_WHOLE_DIGITS
                    + " digits before the decimal point");
        }
        return amount.setScale(currency.getDefaultFractionDigits(), RoundingMode.UNNECESSARY);
    }
}
