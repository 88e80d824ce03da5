package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.authservice.adapter.in.web.error.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The reference page of error codes, docs/error-codes.md, says what the code declares: each code once, with its
 * status and the enum that declares it. The enums are found by what they implement, so a resource's new enum is
 * held without this test changing.
 */
class ErrorCodesPageTest {

    private static final Path PAGE = Path.of("..", "docs", "error-codes.md");
    private static final Pattern ROW = Pattern.compile("^\\| (\\d{3}) \\| `([A-Z_]+)` \\| `(\\w+)` \\|", Pattern.MULTILINE);

    @Test
    void everyDeclaredCodeIsOnThePageWithItsStatusAndEnumAndNothingElseIs() throws IOException {
        assertEquals(declared(), onThePage());
    }

    @Test
    void theEnumsAreFoundAndNoTwoDeclareOneName() {
        Set<String> names = new TreeSet<>();
        long codes = errorCodeEnums().stream().flatMap(type -> Arrays.stream(type.getEnumConstants()))
                .map(code -> ((ErrorCode) code).name()).peek(names::add).count();
        assertEquals(codes, names.size(), "a name declared twice: " + names);
        assertFalse(errorCodeEnums().size() < 4, "the common codes and those of orders, accounts and sessions");
    }

    /** Code name to "status enum". */
    private static Map<String, String> declared() {
        return errorCodeEnums().stream().flatMap(type -> Arrays.stream(type.getEnumConstants())
                        .map(code -> (ErrorCode) code))
                .collect(Collectors.toMap(ErrorCode::name,
                        code -> code.status().getCode() + " " + code.getClass().getSimpleName(), (a, b) -> a + ", " + b,
                        TreeMap::new));
    }

    private static Map<String, String> onThePage() throws IOException {
        Map<String, String> rows = new TreeMap<>();
        Matcher row = ROW.matcher(Files.readString(PAGE));
        while (row.find()) {
            String described = row.group(1) + " " + row.group(3);
            String earlier = rows.putIfAbsent(row.group(2), described);
            assertEquals(earlier == null ? described : earlier, described, "two rows of " + row.group(2) + " differ");
        }
        return rows;
    }

    private static Set<Class<?>> errorCodeEnums() {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.authservice").stream()
                .filter(type -> type.isEnum() && type.isAssignableTo(ErrorCode.class))
                .map(JavaClass::reflect).collect(Collectors.toSet());
    }
}
