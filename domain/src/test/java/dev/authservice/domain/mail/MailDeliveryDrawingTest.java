package dev.authservice.domain.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The machine drawn in {@link MailDelivery}'s comment is the one docs/mail.md draws, and it draws every state: a
 * state added to the code fails here until both drawings show it.
 */
class MailDeliveryDrawingTest {

    private static final Path SOURCE = Path.of("src", "main", "java", "dev", "authservice", "domain", "mail",
            "MailDelivery.java");
    private static final Path PAGE = Path.of("..", "docs", "mail.md");
    private static final String SECTION = "## Retries and back-off";
    private static final Pattern STATE = Pattern.compile("▶ ([A-Z]\\w*)");

    @Test
    void theMailPageDrawsTheMachineTheSourceDraws() throws IOException {
        assertEquals(drawingInTheSource(), drawingOnThePage());
    }

    @Test
    void theDrawingLeadsToEveryStateAndNothingElse() throws IOException {
        assertEquals(Arrays.stream(MailDelivery.class.getPermittedSubclasses()).map(Class::getSimpleName).sorted()
                        .toList(),
                STATE.matcher(drawingInTheSource()).results().map(found -> found.group(1)).distinct().sorted()
                        .toList());
    }

    /** The lines of the comment's {@code <pre>} block, without the comment's margin. */
    private static String drawingInTheSource() throws IOException {
        List<String> lines = Files.readAllLines(SOURCE);
        int start = lines.indexOf(" * <pre>");
        int end = lines.indexOf(" * </pre>");
        return String.join("\n", lines.subList(start + 1, end).stream()
                .map(line -> line.equals(" *") ? "" : line.substring(" * ".length())).toList());
    }

    /** The first fenced block of the page's section on retries. */
    private static String drawingOnThePage() throws IOException {
        List<String> lines = Files.readAllLines(PAGE);
        int section = lines.indexOf(SECTION);
        int start = lines.subList(section, lines.size()).indexOf("```") + section;
        int end = lines.subList(start + 1, lines.size()).indexOf("```") + start + 1;
        return String.join("\n", lines.subList(start + 1, end));
    }
}
