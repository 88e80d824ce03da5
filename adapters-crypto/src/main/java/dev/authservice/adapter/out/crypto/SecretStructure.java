package dev.authservice.adapter.out.crypto;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import me.gosimple.nbvcxz.matching.DateMatcher;
import me.gosimple.nbvcxz.matching.DictionaryMatcher;
import me.gosimple.nbvcxz.matching.RepeatMatcher;
import me.gosimple.nbvcxz.matching.SeparatorMatcher;
import me.gosimple.nbvcxz.matching.SequenceMatcher;
import me.gosimple.nbvcxz.matching.SpacialMatcher;
import me.gosimple.nbvcxz.matching.YearMatcher;
import me.gosimple.nbvcxz.matching.match.DateMatch;
import me.gosimple.nbvcxz.matching.match.DictionaryMatch;
import me.gosimple.nbvcxz.matching.match.Match;
import me.gosimple.nbvcxz.matching.match.RepeatMatch;
import me.gosimple.nbvcxz.matching.match.SeparatorMatch;
import me.gosimple.nbvcxz.matching.match.SequenceMatch;
import me.gosimple.nbvcxz.matching.match.SpacialMatch;
import me.gosimple.nbvcxz.matching.match.YearMatch;
import me.gosimple.nbvcxz.resources.AdjacencyGraph;
import me.gosimple.nbvcxz.resources.AdjacencyGraphUtil;
import me.gosimple.nbvcxz.resources.Configuration;
import me.gosimple.nbvcxz.resources.Dictionary;
import me.gosimple.nbvcxz.resources.DictionaryUtil;

/**
 * A text read the cheapest way a guesser who knows how people make secrets would read it: as words of password lists,
 * dictionaries and names (reversed, capitalised or in leet too), keyboard runs, sequences, dates, separators and
 * repeats of a part written before, and any other character at its alphabet's full rate. Its {@link #bits()} are the
 * sum over that reading, zxcvbn's estimate with nbvcxz's matchers. The reading is the cheapest of all (a shortest
 * path over the text), not nbvcxz's own, which gives up on texts it deems random and on time.
 */
final class SecretStructure {

    /** Beyond this the text is not read: the dictionary matchers' cost grows with the square of the length. */
    static final int READ_CHARACTERS = 256;

    /** A part of fewer characters written before is no repeat worth the name. */
    private static final int SHORTEST_REPEAT = 3;

    /** The words a description names; more would spell out much of the text. */
    private static final int NAMED_WORDS = 3;

    private final double bits;
    private final double bitsAtFullRate;
    private final List<Part> parts;

    private SecretStructure(double bits, double bitsAtFullRate, List<Part> parts) {
        this.bits = bits;
        this.bitsAtFullRate = bitsAtFullRate;
        this.parts = parts;
    }

    /** The cheapest reading of {@code text}'s first {@link #READ_CHARACTERS}, any other character costing {@code rate}. */
    static SecretStructure of(String text, double rate) {
        String read = text.length() > READ_CHARACTERS ? text.substring(0, READ_CHARACTERS) : text;
        int length = read.length();
        List<List<Part>> endingAt = new ArrayList<>();
        for (int end = 0; end <= length; end++) {
            endingAt.add(new ArrayList<>());
        }
        for (Part part : patterns(read)) {
            endingAt.get(part.end()).add(part);
        }
        // cheapest[i]: the fewest bits that spell the first i characters; last[i]: the pattern that ends there, if any.
        double[] cheapest = new double[length + 1];
        Part[] last = new Part[length + 1];
        for (int end = 1; end <= length; end++) {
            cheapest[end] = cheapest[end - 1] + rate;
            for (Part part : endingAt.get(end)) {
                if (cheapest[part.start()] + part.bits() < cheapest[end]) {
                    cheapest[end] = cheapest[part.start()] + part.bits();
                    last[end] = part;
                }
            }
        }
        List<Part> reading = new ArrayList<>();
        for (int end = length; end > 0; end = last[end] == null ? end - 1 : last[end].start()) {
            if (last[end] != null) {
                reading.add(0, last[end]);
            }
        }
        return new SecretStructure(cheapest[length], length * rate, List.copyOf(reading));
    }

    /** What the text is worth to such a guesser, in bits. */
    double bits() {
        return bits;
    }

    /** What the characters read would be worth had each been drawn at random from the alphabet. */
    double bitsAtFullRate() {
        return bitsAtFullRate;
    }

    /**
     * The patterns of the cheapest reading, for a person: the dictionary words named (they are on public lists), the
     * others counted, so that the text itself is not repeated.
     */
    String description() {
        Map<String, Long> words = parts.stream().filter(part -> part.kind() == Kind.WORD)
                .collect(Collectors.groupingBy(Part::word, LinkedHashMap::new, Collectors.counting()));
        List<String> found = new ArrayList<>();
        if (words.size() == 1) {
            found.add("the dictionary word " + named(words.entrySet().iterator().next()));
        } else if (words.size() > 1) {
            found.add(words.size() + " dictionary words (" + words.entrySet().stream().limit(NAMED_WORDS)
                    .map(SecretStructure::named).collect(Collectors.joining(", "))
                    + (words.size() > NAMED_WORDS ? ", ..." : "") + ")");
        }
        for (Kind kind : List.of(Kind.KEYBOARD_RUN, Kind.SEQUENCE, Kind.REPEAT, Kind.DATE, Kind.SEPARATOR)) {
            long count = parts.stream().filter(part -> part.kind() == kind).count();
            if (count > 0 && (kind != Kind.SEPARATOR || found.isEmpty())) {
                found.add(count == 1 ? "a " + kind.noun : count + " " + kind.noun + "s");
            }
        }
        return found.size() == 1 ? found.get(0)
                : String.join(", ", found.subList(0, found.size() - 1)) + " and " + found.get(found.size() - 1);
    }

    private static String named(Map.Entry<String, Long> word) {
        return "'" + word.getKey() + "'" + (word.getValue() > 1 ? " (" + word.getValue() + " times)" : "");
    }

    private static List<Part> patterns(String text) {
        List<Part> patterns = new ArrayList<>();
        Configuration configuration = Matchers.configuration();
        configuration.getPasswordMatchers().forEach(matcher -> matcher.match(configuration, text).stream()
                .map(Part::of).forEach(patterns::add));
        patterns.addAll(repeats(text));
        return patterns;
    }

    /**
     * Every part of {@link #SHORTEST_REPEAT} or more characters that starts where it does and is found earlier (an
     * earlier copy may overlap it, as in {@code abababab}). Saying which earlier part and how long costs
     * {@code log2} of the places it could start from and of the lengths it could have. nbvcxz's own repeat matcher
     * finds only parts of at most four different characters repeated back to back.
     */
    private static List<Part> repeats(String text) {
        int length = text.length();
        List<Part> repeats = new ArrayList<>();
        for (int start = 1; start < length; start++) {
            int longest = 0;
            for (int earlier = 0; earlier < start; earlier++) {
                int same = 0;
                while (start + same < length && text.charAt(earlier + same) == text.charAt(start + same)) {
                    same++;
                }
                longest = Math.max(longest, same);
            }
            double bits = log2(start) + log2(length - start);
            for (int repeated = SHORTEST_REPEAT; repeated <= longest; repeated++) {
                repeats.add(new Part(start, start + repeated, bits, Kind.REPEAT, null));
            }
        }
        return repeats;
    }

    private static double log2(double value) {
        return Math.log(value) / Math.log(2);
    }

    enum Kind {
        WORD("dictionary word"),
        KEYBOARD_RUN("keyboard run"),
        SEQUENCE("sequence"),
        REPEAT("repeated part"),
        DATE("date"),
        SEPARATOR("separator");

        private final String noun;

        Kind(String noun) {
            this.noun = noun;
        }
    }

    /** Characters {@code start} (included) to {@code end} (excluded), read as one pattern worth {@code bits}. */
    record Part(int start, int end, double bits, Kind kind, String word) {

        static Part of(Match match) {
            String word = match instanceof DictionaryMatch dictionary ? dictionary.getDictionaryValue() : null;
            return new Part(match.getStartIndex(), match.getEndIndex() + 1, match.calculateEntropy(), kind(match), word);
        }

        private static Kind kind(Match match) {
            if (match instanceof DictionaryMatch) {
                return Kind.WORD;
            } else if (match instanceof SpacialMatch) {
                return Kind.KEYBOARD_RUN;
            } else if (match instanceof SequenceMatch) {
                return Kind.SEQUENCE;
            } else if (match instanceof RepeatMatch) {
                return Kind.REPEAT;
            } else if (match instanceof DateMatch || match instanceof YearMatch) {
                return Kind.DATE;
            } else if (match instanceof SeparatorMatch) {
                return Kind.SEPARATOR;
            }
            throw new IllegalStateException("a matcher nbvcxz did not have: " + match.getClass().getName());
        }
    }

    /**
     * nbvcxz's matchers and its dictionaries, about 170,000 words: loaded on first use, so only a start with a
     * configured secret pays for them (a noticeable part of a second), and held weakly: checks in a row (a test
     * suite's) share them until a full collection, while a service, which checks its secret once at start, does not
     * carry their 20 MiB in its 56 MiB heap for ever (kept, they left it collecting in full again and again under
     * load, at a third of the protected reads per second). So the configuration is built here, not by nbvcxz's
     * {@code ConfigurationBuilder}, whose class keeps the default dictionaries in a static field from its first use.
     * The distance to dictionary words is left off: it reads only a text as a whole, and no word is as long as a
     * secret.
     */
    private static final class Matchers {

        /** Characters written for letters (key), and the letters each may stand for. */
        private static final Map<Character, Character[]> LEET = leet("4a @a 8b (c {c [c <c 3e 9g 6g &g #h !il 1il |il"
                + " 0o $s 5s +t 7tl %x 2z");

        private static WeakReference<Configuration> held = new WeakReference<>(null);

        static synchronized Configuration configuration() {
            Configuration configuration = held.get();
            if (configuration == null) {
                configuration = new Configuration(
                        List.of(new DateMatcher(), new YearMatcher(), new RepeatMatcher(), new SequenceMatcher(),
                                new SpacialMatcher(), new DictionaryMatcher(), new SeparatorMatcher()),
                        new HashMap<>(),
                        List.of(ranked("passwords", DictionaryUtil.passwords),
                                ranked("male_names", DictionaryUtil.male_names),
                                ranked("female_names", DictionaryUtil.female_names),
                                ranked("surnames", DictionaryUtil.surnames),
                                ranked("english", DictionaryUtil.english),
                                new Dictionary("eff_large", DictionaryUtil.loadUnrankedDictionary(DictionaryUtil.eff_large),
                                        false)),
                        List.of(new AdjacencyGraph("Qwerty", AdjacencyGraphUtil.qwerty),
                                new AdjacencyGraph("Standard Keypad", AdjacencyGraphUtil.standardKeypad),
                                new AdjacencyGraph("Mac Keypad", AdjacencyGraphUtil.macKeypad)),
                        LEET, Pattern.compile("19\\d\\d|20\\d\\d"), 35.0, READ_CHARACTERS, Locale.ROOT, false, 500L);
                held = new WeakReference<>(configuration);
            }
            return configuration;
        }

        private static Dictionary ranked(String name, String file) {
            return new Dictionary(name, DictionaryUtil.loadRankedDictionary(file), false);
        }

        private static Map<Character, Character[]> leet(String pairs) {
            Map<Character, Character[]> table = new HashMap<>();
            for (String pair : pairs.split(" ")) {
                table.put(pair.charAt(0), pair.substring(1).chars().mapToObj(c -> (char) c).toArray(Character[]::new));
            }
            return table;
        }
    }
}
