package dev.authservice.adapter.out.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SecretAlphabetTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "0123456789                   | DECIMAL                     | 10",
            "0123456789abcdef             | HEX                         | 16",
            "0123456789ABCDEF             | HEX                         | 16",
            "0123456789abcdefgz           | ONE_CASE_LETTERS_AND_DIGITS | 18",
            "0123456789ABCDEFGZ           | ONE_CASE_LETTERS_AND_DIGITS | 18",
            "0123456789abcdefABCDEF       | BASE64                      | 22",
            "ab+/cd==                     | BASE64                      | 6",
            "ab-_cd=                      | BASE64                      | 6",
            "ab+_cd                       | ANY_TEXT                    | 6",
            "ab=cd                        | ANY_TEXT                    | 5",
            "abcd===                      | ANY_TEXT                    | 7",
            "ab cd!                       | ANY_TEXT                    | 6",
            "üöä𝄞                         | ANY_TEXT                    | 4"})
    void theSmallestAlphabetHoldingEveryCharacterCountsItsSignificantCharacters(String text, SecretAlphabet expected,
                                                                              int counted) {
        SecretAlphabet alphabet = SecretAlphabet.of(text);

        assertEquals(expected, alphabet);
        assertEquals(counted * alphabet.bitsPerCharacter(), alphabet.bits(text), 1e-9);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"DECIMAL | 3.3219", "HEX | 4", "ONE_CASE_LETTERS_AND_DIGITS | 5.1699",
            "BASE64 | 6", "ANY_TEXT | 6.5699"})
    void eachCharacterCarriesTheLogarithmOfItsAlphabetsSize(SecretAlphabet alphabet, double bits) {
        assertEquals(bits, alphabet.bitsPerCharacter(), 1e-4);
    }
}
