package dev.authservice.adapter.out.crypto;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import me.gosimple.nbvcxz.resources.Configuration;

/**
 * The keys a configuration gives the service, judged together at start, each by every way it can be read
 * ({@link KeyReading}: its text, and the bytes its hex or base64 decodes to). A key is refused when
 * <ol>
 *   <li>a reading is a key anyone can know ({@link KnownKeys}): a published one, or the hash of a common password or
 *       word, which looks random in hex or base64;</li>
 *   <li>a reading that is text does not look random: words, keyboard runs, sequences and repeats account for most of
 *       what its characters could carry ({@link SecretStructure}); base64 of a repeated phrase hides its repeats until
 *       it is decoded. The text as configured must also have characters that can carry {@value #MIN_BITS} bits (their
 *       {@link SecretAlphabet}): {@code passwordpasswordpasswordpassword1} has the length and nothing else;</li>
 *   <li>it has a reading in common with a key named before it: one key in two places, so that whoever learns it in
 *       one has the other.</li>
 * </ol>
 * What {@code openssl rand -base64 32} makes passes: its text is random, and its decoding is on no list and, should
 * its random bytes happen to be text, has no structure either.
 * A refusal names the key and never repeats its text; only dictionary words found in it are named.
 */
public final class ConfiguredKeys {

    /** As many as HMAC-SHA256's output and AES-256's key: guessing a key is then no easier than breaking either. */
    static final int MIN_BITS = 256;

    /**
     * The share of its full-rate bits that the cheapest reading of a text must keep. Random text keeps most, though a
     * few short words and runs turn up in it by chance: of 66,000 fresh secrets of base64, base64url and hex, of 32
     * and 48 bytes, none kept less than 0.67, and half kept more than 0.86. Text made of words, keyboard runs or
     * repeats keeps less than 0.4: passphrases of dictionary words about a third, a word or a part repeated a fifth or
     * less (docs/security.md, "Safe defaults").
     */
    static final double MIN_SHARE_KEPT_BY_STRUCTURE = 0.5;

    private ConfiguredKeys() {
    }

    /**
     * Refuses the first of {@code keys} (the name a person knows each by, and its text, in the order to judge them)
     * that is known, not random, or the same as one before it.
     *
     * @throws IllegalArgumentException {@code <name> is refused: <why>}
     */
    public static void judge(Map<String, String> keys) {
        if (keys.isEmpty()) {
            return; // nothing configured: neither the list nor the word lists need reading
        }
        List<NamedReading> readings = keys.entrySet().stream().flatMap(key -> KeyReading.of(key.getValue()).stream()
                .map(reading -> new NamedReading(key.getKey(), reading))).toList();
        KnownKeys.firstKnown(readings.stream().map(named -> named.reading().bytes()).toList()).ifPresent(known -> {
            NamedReading found = readings.get(known.reading());
            throw refused(found.key(), found.reading().subject() + " is " + known.description());
        });
        Configuration matchers = SecretStructure.Matchers.forTexts(readings.stream()
                .flatMap(named -> named.reading().text().stream()).toList());
        for (NamedReading named : readings) {
            KeyReading reading = named.reading();
            reading.text().flatMap(text -> notRandom(text, !reading.decoded(), matchers)).ifPresent(why -> {
                throw refused(named.key(), reading.subject() + " is not random: " + why);
            });
        }
        for (int later = 0; later < readings.size(); later++) {
            for (int earlier = 0; earlier < later; earlier++) {
                NamedReading one = readings.get(later);
                NamedReading other = readings.get(earlier);
                if (!one.key().equals(other.key()) && Arrays.equals(one.reading().bytes(), other.reading().bytes())) {
                    throw refused(one.key(), "it is the same key as " + other.key() + ", and each key must be its own");
                }
            }
        }
    }

    /** A reading of the key a person knows by {@code key}. */
    private record NamedReading(String key, KeyReading reading) {
    }

    private static IllegalArgumentException refused(String key, String why) {
        return new IllegalArgumentException(key + " is refused: " + why);
    }

    /**
     * Why {@code text} does not look random, if it does not; never the text, only dictionary words found in it. Only
     * text as {@code configured} must have characters that can carry {@link #MIN_BITS}: decoded text is judged by its
     * structure alone, so that random bytes which happen to be text (32 of them about once in 10^10) pass as they
     * should, while a phrase does not.
     */
    private static Optional<String> notRandom(String text, boolean configured, Configuration matchers) {
        SecretAlphabet alphabet = SecretAlphabet.of(text);
        String significant = alphabet.significant(text);
        List<String> reasons = new ArrayList<>();
        double bits = alphabet.bits(text);
        if (configured && bits < MIN_BITS) {
            reasons.add("its " + significant.codePointCount(0, significant.length()) + " characters, " + alphabet
                    + ", carry at most " + (int) bits + " bits, at least " + MIN_BITS + " are required");
        }
        SecretStructure structure = SecretStructure.of(significant, alphabet.bitsPerCharacter(), matchers);
        if (structure.bits() < MIN_SHARE_KEPT_BY_STRUCTURE * structure.bitsAtFullRate()) {
            reasons.add("it is built from " + structure.description() + ", worth about " + Math.round(structure.bits())
                    + " bits where random characters would carry " + (int) structure.bitsAtFullRate());
        }
        return reasons.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", reasons));
    }
}
