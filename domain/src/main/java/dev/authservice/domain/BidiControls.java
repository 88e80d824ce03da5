package dev.authservice.domain;

/**
 * The Unicode property {@code Bidi_Control}: the marks, embeddings, overrides and isolates that steer how text is laid
 * out left to right and right to left. None shows, yet one turns the text around it: {@code pot} after a right-to-left
 * override reads {@code top}. The JDK has no such property; the table is {@code PropList.txt} of Unicode 17.0.0.
 * {@code BidiControlsTest}, in {@code adapters-unicode}, holds it to ICU's copy of the data.
 */
public final class BidiControls {

    private BidiControls() {
    }

    public static boolean contains(int cp) {
        return cp == 0x061C                         // Arabic letter mark
                || cp == 0x200E || cp == 0x200F     // left-to-right and right-to-left marks
                || (cp >= 0x202A && cp <= 0x202E)   // embeddings, their pop, overrides
                || (cp >= 0x2066 && cp <= 0x2069);  // isolates, their pop
    }
}
