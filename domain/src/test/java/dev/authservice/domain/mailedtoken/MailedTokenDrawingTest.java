package dev.authservice.domain.mailedtoken;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.domain.Drawings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The machine drawn in {@link MailedToken}'s comment is the one docs/accounts-by-email.md draws, and it leads to every
 * state and every refusal but the unknown token's: one added to the code fails here until both drawings show it.
 */
class MailedTokenDrawingTest {

    private static final Path SOURCE = Path.of("src", "main", "java", "dev", "authservice", "domain", "mailedtoken",
            "MailedToken.java");
    private static final Path PAGE = Path.of("..", "docs", "accounts-by-email.md");
    private static final String SECTION = "## Mailed tokens";
    private static final Pattern OUTCOME = Pattern.compile("▶ (?:Refused: |Accepted: )?([A-Z][A-Z_]*)");

    @Test
    void theAccountsPageDrawsTheMachineTheSourceDraws() throws IOException {
        assertEquals(Drawings.inTheCommentOf(SOURCE), Drawings.onThePage(PAGE, SECTION));
    }

    @Test
    void theDrawingLeadsToEveryStateAndRefusal() throws IOException {
        assertEquals(Stream.concat(Arrays.stream(MailedToken.State.values()).map(Enum::name),
                                Arrays.stream(Redemption.Refusal.values()).map(Enum::name)
                                        .filter(name -> !name.equals("UNKNOWN")))
                        .distinct().sorted().toList(),
                OUTCOME.matcher(Drawings.inTheCommentOf(SOURCE)).results().map(found -> found.group(1)).distinct()
                        .sorted().toList());
    }
}
