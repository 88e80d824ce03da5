package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.domain.Drawings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The state machine drawn in {@link RefreshToken}'s comment is the one docs/architecture.md draws, and it draws what
 * the code decides: every kind of {@link Decision}, and every {@link Refusal} in the order the {@link RefusalRule}s
 * are asked. A rule, a refusal or a kind of decision added to the code fails here until both drawings show it.
 */
class RefreshTokenDrawingTest {

    private static final Path SOURCE = Path.of("src", "main", "java", "dev", "authservice", "domain", "session",
            "RefreshToken.java");
    private static final Path PAGE = Path.of("..", "docs", "architecture.md");
    private static final String SECTION = "## Where the refresh-token state machine lives";
    private static final Pattern KIND = Pattern.compile("──▶ ([A-Z]\\w*):");
    private static final Pattern REFUSAL = Pattern.compile("──▶ Refuse: ([A-Z_]+)");

    @Test
    void theArchitecturePageDrawsTheMachineTheSourceDraws() throws IOException {
        assertEquals(Drawings.inTheCommentOf(SOURCE), Drawings.onThePage(PAGE, SECTION));
    }

    @Test
    void theDrawingRefusesAsTheRulesDoInTheirOrder() throws IOException {
        List<String> asked = Stream.concat(Stream.of(Refusal.UNKNOWN),
                Arrays.stream(RefusalRule.values()).map(RefusalRule::refusal)).map(Refusal::name).toList();

        assertEquals(asked, all(REFUSAL, Drawings.inTheCommentOf(SOURCE)));
        assertEquals(Arrays.stream(Refusal.values()).map(Refusal::name).sorted().toList(),
                asked.stream().sorted().toList(), "every refusal but UNKNOWN is a rule's, once");
    }

    @Test
    void theDrawingNamesEveryKindOfDecisionAndNothingElse() throws IOException {
        List<String> kinds = Arrays.stream(Decision.class.getPermittedSubclasses()).map(Class::getSimpleName)
                .sorted().toList();

        assertEquals(kinds, all(KIND, Drawings.inTheCommentOf(SOURCE)).stream().distinct().sorted().toList());
    }

    private static List<String> all(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }
}
