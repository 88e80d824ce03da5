package dev.authservice.domain.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.domain.Drawings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
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
        assertEquals(Drawings.inTheCommentOf(SOURCE), Drawings.onThePage(PAGE, SECTION));
    }

    @Test
    void theDrawingLeadsToEveryStateAndNothingElse() throws IOException {
        assertEquals(Arrays.stream(MailDelivery.class.getPermittedSubclasses()).map(Class::getSimpleName).sorted()
                        .toList(),
                STATE.matcher(Drawings.inTheCommentOf(SOURCE)).results().map(found -> found.group(1)).distinct()
                        .sorted().toList());
    }
}
