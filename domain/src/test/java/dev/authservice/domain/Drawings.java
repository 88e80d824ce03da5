package dev.authservice.domain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The drawings a domain type's comment and a page of the docs both hold, read so that a test can hold them equal: a
 * state machine drawn twice drifts apart unless something compares the two.
 */
public final class Drawings {

    private Drawings() {
    }

    /** The lines of the {@code <pre>} block in the comment of {@code source}, without the comment's margin. */
    public static String inTheCommentOf(Path source) throws IOException {
        List<String> lines = Files.readAllLines(source);
        int start = lines.indexOf(" * <pre>");
        int end = lines.indexOf(" * </pre>");
        return String.join("\n", lines.subList(start + 1, end).stream()
                .map(line -> line.equals(" *") ? "" : line.substring(" * ".length())).toList());
    }

    /** The first fenced block after the heading {@code section} of {@code page}. */
    public static String onThePage(Path page, String section) throws IOException {
        List<String> lines = Files.readAllLines(page);
        int heading = lines.indexOf(section);
        int start = lines.subList(heading, lines.size()).indexOf("```") + heading;
        int end = lines.subList(start + 1, lines.size()).indexOf("```") + start + 1;
        return String.join("\n", lines.subList(start + 1, end));
    }
}
