package dev.authservice.adapter.out.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
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
public final class SecretStructure {

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

    /**
     * The cheapest reading of {@code text}'s first {@link #READ_CHARACTERS}, any other character costing {@code rate},
     * with {@code matchers} made for a set of texts that holds it ({@link Matchers#forTexts}).
     */
    static SecretStructure of(String text, double rate, Configuration matchers) {
        String read = text.length() > READ_CHARACTERS ? text.substring(0, READ_CHARACTERS) : text;
        int length = read.length();
        List<List<Part>> endingAt = new ArrayList<>();
        for (int end = 0; end <= length; end++) {
            endingAt.add(new ArrayList<>());
        }
        for (Part part : patterns(read, matchers)) {
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
    public double bits() {
        return bits;
    }

    /** What the characters read would be worth had each been drawn at random from the alphabet. */
    public double bitsAtFullRate() {
        return bitsAtFullRate;
    }

    /**
     * The patterns of the cheapest reading, for a person: the dictionary words named (they are on public lists), the
     * others counted, so that the text itself is not repeated.
     */
    public String description() {
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

    private static List<Part> patterns(String text, Configuration matchers) {
        List<Part> patterns = new ArrayList<>();
        matchers.getPasswordMatchers().forEach(matcher -> matcher.match(matchers, text).stream()
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

        public static Part of(Match match) {
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
     * nbvcxz's matchers, with the words of its dictionaries (about 170,000) that some part of the texts read could
     * spell. Its dictionary matcher looks up each part of a text, lower-cased, reversed or read as leet, in whole word
     * maps; held whole they take 20 MiB, which in the service's 56 MiB heap left it collecting in full under load, and
     * kept the peak resident memory up after they were let go. So the lists are read a line at a time, once for all
     * the texts, and a map keeps only the words they could spell, which are all the matcher can find in them. The
     * longest word of each list is kept too: nbvcxz tries leet readings only of parts shorter than that, and so reads
     * a text exactly as with the whole lists. The distance to dictionary words is left off: it reads only a text as a
     * whole, and no word is as long as a secret.
     */
    static final class Matchers {

        /** Characters written for letters (key), and the letters each may stand for. */
        private static final Map<Character, Character[]> LEET = leet("4a @a 8b (c {c [c <c 3e 9g 6g &g #h !il 1il |il"
                + " 0o $s 5s +t 7tl %x 2z");

        /** nbvcxz's word lists: ranked by how common each word is, but for the EFF's, whose words are equally likely. */
        static final List<WordList> WORD_LISTS = List.of(
                new WordList("passwords", DictionaryUtil.passwords, true),
                new WordList("male_names", DictionaryUtil.male_names, true),
                new WordList("female_names", DictionaryUtil.female_names, true),
                new WordList("surnames", DictionaryUtil.surnames, true),
                new WordList("english", DictionaryUtil.english, true),
                new WordList("eff_large", DictionaryUtil.eff_large, false));

        private Matchers() {
        }

        /**
         * The matchers for reading any of {@code texts}: the lists are read once for all, and a word is kept when one
         * of the texts could spell it. A word only another text spells is found in none of this one.
         */
        static Configuration forTexts(Collection<String> texts) {
            List<Spellings> spellings = texts.stream().map(Spellings::new).toList();
            return with(WORD_LISTS.stream().map(list -> list.wordsSpelledIn(spellings)).toList());
        }

        static Configuration with(List<Dictionary> dictionaries) {
            return new Configuration(
                    List.of(new DateMatcher(), new YearMatcher(), new RepeatMatcher(), new SequenceMatcher(),
                            new SpacialMatcher(), new DictionaryMatcher(), new SeparatorMatcher()),
                    new HashMap<>(), dictionaries,
                    List.of(new AdjacencyGraph("Qwerty", AdjacencyGraphUtil.qwerty),
                            new AdjacencyGraph("Standard Keypad", AdjacencyGraphUtil.standardKeypad),
                            new AdjacencyGraph("Mac Keypad", AdjacencyGraphUtil.macKeypad)),
                    LEET, Pattern.compile("19\\d\\d|20\\d\\d"), 35.0, READ_CHARACTERS, Locale.ROOT, false, 500L);
        }

        private static Map<Character, Character[]> leet(String pairs) {
            Map<Character, Character[]> table = new HashMap<>();
            for (String pair : pairs.split(" ")) {
                table.put(pair.charAt(0), pair.substring(1).chars().mapToObj(c -> (char) c).toArray(Character[]::new));
            }
            return table;
        }

        /** One of nbvcxz's word lists, a word per line, ranked as nbvcxz ranks them. */
        record WordList(String name, String file, boolean ranked) {

            /** The whole list, as nbvcxz loads it. */
            Dictionary whole() {
                return new Dictionary(name, ranked ? DictionaryUtil.loadRankedDictionary(file)
                        : DictionaryUtil.loadUnrankedDictionary(file), false);
            }

            /** Every word of the list, in its order. */
            List<String> words() {
                return lines().lines().toList();
            }

            /** The words some part of the texts could spell, and the longest word, ranked as in {@link #whole()}. */
            Dictionary wordsSpelledIn(List<Spellings> spellings) {
                String lines = lines();
                // A line at a time, as nbvcxz reads them (its lists end lines with CR LF), and a word made only if kept.
                Map<String, Integer> kept = new HashMap<>();
                String longest = "";
                int longestLine = 0;
                int line = 0;
                for (int start = 0, end; start < lines.length(); start = end + 1) {
                    end = lines.indexOf('\n', start);
                    end = end < 0 ? lines.length() : end;
                    int wordEnd = end > start && lines.charAt(end - 1) == '\r' ? end - 1 : end;
                    line++;
                    int length = wordEnd - start;
                    if (length > longest.length() || length == longest.length() && lines.startsWith(longest, start)) {
                        longest = lines.substring(start, wordEnd);
                        longestLine = line;
                    }
                    if (anyCouldSpell(spellings, lines, start, wordEnd)) {
                        kept.put(lines.substring(start, wordEnd), line);
                    }
                }
                kept.put(longest, longestLine);
                if (!ranked) {
                    // nbvcxz gives every word of an unranked list the rank of the middle line.
                    int middle = line / 2;
                    kept.replaceAll((word, rank) -> middle);
                }
                return new Dictionary(name, kept, false);
            }

            private static boolean anyCouldSpell(List<Spellings> spellings, String lines, int start, int end) {
                for (Spellings text : spellings) {
                    if (text.couldSpell(lines, start, end)) {
                        return true;
                    }
                }
                return false;
            }

            private String lines() {
                try (InputStream in = DictionaryUtil.class.getResourceAsStream("/dictionaries/" + file)) {
                    return new String(in.readAllBytes(), UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException("nbvcxz's word list " + file + " cannot be read", e);
                }
            }
        }
    }

    /**
     * For each character of a text, what it may stand for in a word: itself, lower-cased, or a letter in leet; and for
     * each ASCII character, where in the text it may stand, so that a word is tried only where its first letter is.
     */
    static final class Spellings {

        private final char[][] readings;
        private final int[][] placesOf = new int[128][];

        Spellings(String text) {
            readings = new char[text.length()][];
            List<List<Integer>> places = new ArrayList<>();
            for (int ascii = 0; ascii < placesOf.length; ascii++) {
                places.add(new ArrayList<>());
            }
            for (int at = 0; at < text.length(); at++) {
                char character = text.charAt(at);
                StringBuilder reading = new StringBuilder().append(character).append(Character.toLowerCase(character));
                for (Character letter : Matchers.LEET.getOrDefault(character, new Character[0])) {
                    reading.append(letter.charValue());
                }
                readings[at] = reading.toString().toCharArray();
                for (char letter : readings[at]) {
                    if (letter < placesOf.length && !places.get(letter).contains(at)) {
                        places.get(letter).add(at);
                    }
                }
            }
            for (int ascii = 0; ascii < placesOf.length; ascii++) {
                placesOf[ascii] = places.get(ascii).stream().mapToInt(Integer::intValue).toArray();
            }
        }

        /** Whether some part of the text, read forwards or backwards, could spell the word {@code words[start, end)}. */
        boolean couldSpell(String words, int start, int end) {
            int length = end - start;
            if (length == 0 || length > readings.length) {
                return false;
            }
            char first = words.charAt(start);
            if (first >= placesOf.length) {
                for (int at = 0; at < readings.length; at++) {
                    if (spellsFrom(words, start, end, at)) {
                        return true;
                    }
                }
                return false;
            }
            for (int at : placesOf[first]) {
                if (spellsFrom(words, start, end, at)) {
                    return true;
                }
            }
            return false;
        }

        /** Whether the word is read from {@code at} on, or backwards from {@code at}. */
        private boolean spellsFrom(String words, int start, int end, int at) {
            int length = end - start;
            return at + length <= readings.length && spells(words, start, end, at, 1)
                    || at - length + 1 >= 0 && spells(words, start, end, at, -1);
        }

        private boolean spells(String words, int start, int end, int from, int step) {
            for (int at = start, place = from; at < end; at++, place += step) {
                if (!reads(readings[place], words.charAt(at))) {
                    return false;
                }
            }
            return true;
        }

        private static boolean reads(char[] reading, char letter) {
            for (char candidate : reading) {
                if (candidate == letter) {
                    return true;
                }
            }
            return false;
        }
    }
}
