/* A branch guarded by an arithmetic relation of inputs: for random inputs
 * (and for mutations that plant the constant 1000 in one param) its true
 * side has probability about 1/200001 per try given a > 5000, so only
 * learned conditions or operand terms reach it reliably. */
int arith(int a, int b, int n)
{
    if (a > 5000 && a * 3 + b == 1000 && n % 4 == 3)
        return 1;
    if (a > b)
        return 2;
    return 0;
}
