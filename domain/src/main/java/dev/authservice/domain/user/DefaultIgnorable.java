package dev.authservice.domain.user;

import dev.authservice.domain.BidiControls;

/**
 * The Unicode property {@code Default_Ignorable_Code_Point}: characters a renderer shows as nothing, so that
 * {@code bob} and {@code bob} with a variation selector look the same. The JDK has no such property; the table is
 * {@code DerivedCoreProperties.txt} of Unicode 17.0.0, unassigned code points included (they stay invisible once
 * assigned), less the {@link BidiControls}, all of which it holds and which are kept where other text can refuse them
 * too. {@code UsernameInvisiblesTest}, in {@code adapters-unicode}, holds the whole to ICU's copy of the data.
 */
final class DefaultIgnorable {

    /** First and last code point of each range, in order. */
    private static final int[][] RANGES = {
            {0x00AD, 0x00AD},   // soft hyphen
            {0x034F, 0x034F},   // combining grapheme joiner
            {0x115F, 0x1160},   // Hangul choseong and jungseong fillers
            {0x17B4, 0x17B5},   // Khmer inherent vowels
            {0x180B, 0x180F},   // Mongolian free variation selectors and vowel separator
            {0x200B, 0x200D},   // zero-width space, (non-)joiner
            {0x2060, 0x2065},   // word joiner, invisible operators, unassigned
            {0x206A, 0x206F},   // deprecated format characters
            {0x3164, 0x3164},   // Hangul filler
            {0xFE00, 0xFE0F},   // variation selectors 1 to 16
            {0xFEFF, 0xFEFF},   // zero-width no-break space (byte order mark)
            {0xFFA0, 0xFFA0},   // halfwidth Hangul filler
            {0xFFF0, 0xFFF8},   // unassigned
            {0x1BCA0, 0x1BCA3}, // shorthand format controls
            {0x1D173, 0x1D17A}, // musical symbol format controls
            {0xE0000, 0xE0FFF}, // tags, variation selectors 17 to 256, unassigned
    };

    private DefaultIgnorable() {
    }

    static boolean contains(int cp) {
        if (BidiControls.contains(cp)) {
            return true;
        }
        for (int[] range : RANGES) {
            if (cp < range[0]) {
                return false;
            }
            if (cp <= range[1]) {
                return true;
            }
        }
        return false;
    }
}
