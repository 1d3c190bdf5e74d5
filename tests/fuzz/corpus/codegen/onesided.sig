<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/app/onesided</arg>
  <arg>-i</arg>
  <arg>20</arg>
  <arg>-n</arg>
  <arg>64</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="4" trace-length="720" signature-length="180"/>
 <sites>
  <site id="0" module="/app/onesided" offset="4785" function="main" file="/app/x" line="16"/>
  <site id="1" module="/app/onesided" offset="5349" function="main" file="/app/x" line="28"/>
  <site id="2" module="/app/onesided" offset="5400" function="main" file="/app/x" line="31"/>
  <site id="3" module="/app/onesided" offset="5467" function="irr_clock" file="/app/x" line="36"/>
  <site id="4" module="/app/onesided" offset="5705" function="main" file="/app/x" line="39"/>
  <site id="5" module="/app/onesided" offset="5742" function="main" file="/app/x" line="40"/>
  <site id="6" module="/app/onesided" offset="5781" function="main" file="/app/x" line="41"/>
  <site id="7" module="/app/onesided" offset="5799" function="main" file="/app/x" line="42"/>
  <site id="8" module="/app/onesided" offset="5914" function="main" file="/app/x" line="45"/>
  <site id="9" module="/app/onesided" offset="5967" function="main" file="/app/x" line="46"/>
  <site id="10" module="/app/onesided" offset="5985" function="main" file="/app/x" line="47"/>
  <site id="11" module="/app/onesided" offset="5999" function="main" file="/app/x" line="48"/>
  <site id="12" module="/app/onesided" offset="6046" function="main" file="/app/x" line="49"/>
  <site id="13" module="/app/onesided" offset="6110" function="main" file="/app/x" line="50"/>
  <site id="14" module="/app/onesided" offset="6129" function="main" file="/app/x" line="52"/>
  <site id="15" module="/app/onesided" offset="6175" function="main" file="/app/x" line="53"/>
  <site id="16" module="/app/onesided" offset="6187" function="main" file="/app/x" line="54"/>
  <site id="17" module="/app/onesided" offset="6235" function="main" file="/app/x" line="57"/>
  <site id="18" module="/app/onesided" offset="6288" function="main" file="/app/x" line="58"/>
  <site id="19" module="/app/onesided" offset="6312" function="main" file="/app/x" line="59"/>
  <site id="20" module="/app/onesided" offset="6324" function="main" file="/app/x" line="60"/>
  <site id="21" module="/app/onesided" offset="6812" function="main" file="/app/x" line="66"/>
  <site id="22" module="/app/onesided" offset="6826" function="main" file="/app/x" line="68"/>
  <site id="23" module="/app/onesided" offset="6863" function="main" file="/app/x" line="69"/>
  <site id="24" module="/app/onesided" offset="6880" function="main" file="/app/x" line="70"/>
  <site id="25" module="/app/onesided" offset="6888" function="main" file="/app/x" line="71"/>
  <site id="26" module="/app/onesided" offset="6493" function="irr_clock" file="/app/x" line="36"/>
  <site id="27" module="/app/onesided" offset="6520" function="main" file="/app/x" line="75"/>
  <site id="28" module="/app/onesided" offset="6950" function="main" file="/app/x" line="78"/>
  <site id="29" module="/app/onesided" offset="6975" function="main" file="/app/x" line="80"/>
  <site id="30" module="/app/onesided" offset="6544" function="main" file="/app/x" line="82"/>
  <site id="31" module="/app/onesided" offset="6554" function="main" file="/app/x" line="83"/>
  <site id="32" module="/app/onesided" offset="6695" function="main" file="/app/x" line="94"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="361" time-ns="46659855" compute-ns="1247662" mpi-ns="38906313" per-event-ns="134" comms="0 -"/>
  <rank id="1" class="1" events="359" time-ns="46641929" compute-ns="1098197" mpi-ns="39677547" per-event-ns="82" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0" program="1" events="361" length="91" time-ns="46659855">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="5935" max="5935" shift="134"/>
   <duration min="35923674" max="35923674"/>
  </symbol>
  <symbol id="1" call="MPI_Win_create" comm="0" obj="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="17282" min="17282" max="17282" shift="134" buckets="703:1"/>
   <duration min="304744" max="304744"/>
  </symbol>
  <symbol id="2" call="MPI_Win_allocate" comm="0" obj="1" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="6095" max="6095" shift="134"/>
   <duration min="652542" max="652542"/>
  </symbol>
  <symbol id="3" call="MPI_Barrier" comm="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="7488" max="7488" shift="134"/>
   <duration min="5197" max="5197"/>
  </symbol>
  <symbol id="4" call="MPI_Win_fence" comm="0" obj="0" site="4" prev-site="3" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="3512" min="3512" max="3512" shift="134" buckets="586:1"/>
   <duration min="2059" max="2059"/>
  </symbol>
  <symbol id="5" call="MPI_Put" comm="0" obj="0" dtsize="8" site="5" prev-site="4" occurrences="20">
   <peer kind="rel" value="1"/>
   <side role="member" events="20" count="64" bytes="512"/>
   <compute mean="89.4" min="0" max="1172" shift="134" zeros="4" buckets="125:2 200:4 231:1 256:4 289:1 310:2 364:1 506:1"/>
   <duration mean="1697.1" min="181" max="18979" buckets="370:1 385:3 389:1 394:1 397:1 404:1 406:1 418:1 420:2 430:1 458:1 463:1 475:1 562:1 566:1 598:1 707:1"/>
  </symbol>
  <symbol id="6" call="MPI_Put" comm="0" obj="0" dtsize="8" site="6" prev-site="5" occurrences="20">
   <peer kind="rel" value="1"/>
   <side role="member" events="20" count="64" bytes="512"/>
   <compute mean="3352.05" min="0" max="61528" shift="134" zeros="1" buckets="125:1 150:1 200:4 231:1 271:2 289:3 310:1 342:1 347:1 356:1 364:1 601:1 794:1"/>
   <compute-cpu mean="2794.95" min="0" max="50592" shift="134" zeros="1" buckets="125:1 150:1 200:4 231:1 271:2 289:3 310:1 342:1 347:1 356:1 364:1 601:1 777:1"/>
   <duration mean="1809.7" min="70" max="7160" buckets="304:1 328:1 354:2 358:3 386:1 434:1 447:1 545:1 553:1 564:1 565:1 569:1 570:1 575:1 580:1 616:1 637:1"/>
  </symbol>
  <symbol id="7" call="MPI_Win_fence" comm="0" obj="0" site="7" prev-site="6" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="94.4" min="0" max="466" shift="134" zeros="1" buckets="125:2 150:1 200:1 231:3 256:2 289:2 302:1 310:1 334:1 342:1 384:1 402:2 440:1"/>
   <duration mean="8882.85" min="1412" max="61462" buckets="518:1 527:1 529:1 530:2 538:1 539:1 540:1 548:1 568:1 573:1 607:1 624:1 626:1 639:1 643:1 659:1 665:1 764:1 793:1"/>
  </symbol>
  <symbol id="8" call="MPI_Win_lock" comm="0" obj="1" site="8" prev-site="7" occurrences="20">
   <peer kind="rel" value="0"/>
   <side role="member" events="20" count="0"/>
   <compute mean="33859.15" min="33496" max="35089" shift="134" buckets="751:17 753:3"/>
   <compute-cpu mean="32674.7" min="32374" max="33746" shift="134" buckets="749:16 750:2 751:2"/>
   <duration mean="1512.25" min="451" max="14892" buckets="438:1 447:1 454:1 458:1 459:2 463:2 469:2 473:2 477:1 478:1 481:1 495:1 504:1 520:1 539:1 690:1"/>
  </symbol>
  <symbol id="9" call="MPI_Accumulate" comm="0" obj="1" dtsize="8" op="MPI_SUM" site="9" prev-site="8" occurrences="20">
   <peer kind="rel" value="0"/>
   <side role="member" events="20" count="1" bytes="8"/>
   <compute mean="111.9" min="0" max="1188" shift="134" zeros="1" buckets="125:1 200:1 231:1 256:2 271:5 289:1 302:1 310:2 316:2 334:1 356:1 507:1"/>
   <duration mean="11058.65" min="861" max="192437" buckets="484:1 497:1 501:1 502:1 505:1 508:1 509:1 511:1 513:1 514:2 516:1 523:1 527:1 528:1 531:1 553:1 563:1 584:1 873:1"/>
  </symbol>
  <symbol id="10" call="MPI_Win_unlock" comm="0" obj="1" site="10" prev-site="9" occurrences="20">
   <peer kind="rel" value="0"/>
   <side role="member" events="20" count="0"/>
   <compute mean="253.4" min="0" max="4162" shift="134" zeros="4" buckets="125:1 200:1 256:5 271:2 289:1 310:1 324:1 326:1 340:1 364:1 600:1"/>
   <duration mean="1005.05" min="631" max="4627" buckets="461:1 463:2 466:1 468:1 472:1 473:1 475:1 478:1 479:2 480:1 481:1 485:1 486:2 495:1 500:1 506:1 606:1"/>
  </symbol>
  <symbol id="11" call="MPI_Win_lock_all" comm="0" obj="1" site="11" prev-site="10" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="58.2" min="0" max="1078" shift="134" zeros="14" buckets="125:1 200:3 231:1 502:1"/>
   <duration mean="8698.55" min="1412" max="140860" buckets="518:1 519:1 520:3 522:2 524:1 525:2 526:1 529:1 530:1 532:1 542:1 549:1 550:1 559:1 583:1 853:1"/>
  </symbol>
  <symbol id="12" call="MPI_Fetch_and_op" comm="0" obj="1" dtsize="8" op="MPI_SUM" site="12" prev-site="11" occurrences="20">
   <peer kind="rel" value="1"/>
   <side role="member" events="20" count="0"/>
   <compute mean="123.6" min="0" max="2359" shift="134" zeros="13" buckets="150:1 200:3 231:1 271:1 557:1"/>
   <duration mean="1048.45" min="320" max="8683" buckets="412:1 416:1 418:1 424:2 430:2 434:1 441:1 445:1 449:1 450:1 454:1 457:1 458:1 464:1 470:2 583:1 652:1"/>
  </symbol>
  <symbol id="13" call="MPI_Get_accumulate" comm="0" obj="1" dtsize="8" op="MPI_SUM" site="13" prev-site="12" occurrences="20">
   <peer kind="rel" value="1"/>
   <side role="member" events="20" count="1" bytes="8"/>
   <compute mean="86.2" min="0" max="1238" shift="134" zeros="8" buckets="200:3 231:2 256:3 310:1 324:1 340:1 509:1"/>
   <duration mean="1584.45" min="310" max="9004" buckets="410:1 412:1 414:1 418:1 426:1 430:1 437:1 449:1 452:1 454:1 456:1 458:1 462:1 488:1 574:1 575:1 577:2 581:1 654:1"/>
  </symbol>
  <symbol id="14" call="MPI_Win_flush" comm="0" obj="1" site="14" prev-site="13" occurrences="20">
   <peer kind="rel" value="1"/>
   <side role="member" events="20" count="0"/>
   <compute mean="69.4" min="0" max="1128" shift="134" zeros="10" buckets="125:3 200:2 231:1 256:1 271:1 332:1 504:1"/>
   <duration mean="2554.4" min="741" max="5168" buckets="472:1 477:1 514:1 523:1 550:1 551:2 553:2 555:1 560:2 562:1 563:1 565:1 567:1 600:1 603:1 605:1 613:1"/>
  </symbol>
  <symbol id="15" call="MPI_Compare_and_swap" comm="0" obj="1" dtsize="8" site="15" prev-site="14" occurrences="20">
   <peer kind="rel" value="1"/>
   <side role="member" events="20" count="0"/>
   <compute mean="61.95" min="0" max="967" shift="134" zeros="8" buckets="125:3 200:2 231:3 256:1 271:1 302:1 493:1"/>
   <duration mean="1175.4" min="291" max="5489" buckets="406:1 408:2 414:1 422:1 424:1 426:1 428:1 434:1 438:1 447:1 450:1 452:1 462:1 465:1 558:1 567:1 577:2 617:1"/>
  </symbol>
  <symbol id="16" call="MPI_Win_flush_all" comm="0" obj="1" site="16" prev-site="15" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="70.25" min="0" max="1148" shift="134" zeros="9" buckets="125:1 200:6 231:2 332:1 505:1"/>
   <duration mean="2894.95" min="671" max="18247" buckets="465:1 473:1 474:1 475:1 480:1 482:1 483:1 489:1 501:1 505:1 509:1 550:1 551:2 554:1 559:1 569:1 639:1 653:1 705:1"/>
  </symbol>
  <symbol id="17" call="MPI_Rput" comm="0" obj="1" dtsize="8" site="17" prev-site="16" occurrences="20">
   <peer kind="rel" value="1"/>
   <side role="member" events="20" count="32" bytes="256"/>
   <compute mean="382.25" min="0" max="7387" shift="134" zeros="12" buckets="125:1 200:2 271:2 302:1 317:1 639:1"/>
   <duration mean="1062.6" min="180" max="10436" buckets="370:1 385:1 389:2 390:1 394:1 400:1 408:1 410:1 412:1 418:1 422:2 424:1 428:1 441:1 464:1 560:1 568:1 663:1"/>
  </symbol>
  <symbol id="18" call="MPI_Rget" comm="0" obj="1" dtsize="8" site="18" prev-site="17" occurrences="20">
   <peer kind="rel" value="1"/>
   <side role="member" events="20" count="32" rbytes="256"/>
   <compute mean="843" min="7" max="14818" shift="134" buckets="150:1 256:1 271:3 289:1 302:2 310:2 324:1 347:3 360:1 364:1 372:1 384:1 412:1 690:1"/>
   <duration mean="577.35" min="131" max="4336" buckets="351:1 354:2 362:1 374:1 378:1 382:1 386:1 393:1 400:1 404:2 406:1 416:1 418:2 420:1 445:1 562:1 602:1"/>
  </symbol>
  <symbol id="19" call="MPI_Waitall" comm="0" site="19" prev-site="18" occurrences="20">
   <side role="member" events="20" count="0"/>
   <link dist="2" index="0" call="MPI_Rput"/>
   <link dist="1" index="1" call="MPI_Rget"/>
   <compute mean="707.1" min="0" max="7788" shift="134" zeros="6" buckets="125:3 200:1 231:2 256:2 271:1 310:1 326:1 332:1 621:1 644:1"/>
   <duration mean="3197.3" min="611" max="12830" buckets="459:1 464:1 468:1 471:1 480:1 494:1 505:1 521:1 528:1 529:1 538:1 554:1 583:1 584:1 598:1 602:1 612:1 630:1 659:1 678:1"/>
  </symbol>
  <symbol id="20" call="MPI_Win_unlock_all" comm="0" obj="1" site="20" prev-site="19" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="240" min="46" max="1588" shift="134" buckets="271:1 302:1 310:1 316:3 342:1 347:1 356:2 360:2 364:2 392:1 402:2 409:1 448:1 527:1"/>
   <duration mean="13677.25" min="1212" max="23665" buckets="509:1 519:1 542:1 620:1 629:1 648:1 699:1 702:6 703:5 704:1 722:1"/>
  </symbol>
  <symbol id="21" call="MPI_Win_allocate" comm="0" obj="2" site="21" prev-site="20" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="16491" max="17102" shift="134"/>
   <duration min="102893" max="453080"/>
  </symbol>
  <symbol id="22" call="MPI_Win_fence" comm="0" obj="2" site="22" prev-site="21" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="2942.5" min="1999" max="3886" shift="134" buckets="548:1 595:1"/>
   <duration min="1482" max="1643"/>
  </symbol>
  <symbol id="23" call="MPI_Get" comm="0" obj="2" dtsize="8" site="23" prev-site="22" occurrences="2">
   <peer kind="rel" value="1"/>
   <side role="member" events="2" count="64" rbytes="512"/>
   <compute mean="742.5" min="187" max="1298" shift="134" buckets="372:1 512:1"/>
   <duration min="641" max="7231"/>
  </symbol>
  <symbol id="24" call="MPI_Win_fence" comm="0" obj="2" site="24" prev-site="23" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="376.5" min="76" max="677" shift="134" buckets="310:1 466:1"/>
   <duration min="6270" max="28683"/>
  </symbol>
  <symbol id="25" call="MPI_Win_free" comm="0" obj="2" site="25" prev-site="24" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="642" min="126" max="1158" shift="134" buckets="347:1 506:1"/>
   <duration min="19990" max="33369"/>
  </symbol>
  <symbol id="26" call="MPI_Win_fence" comm="0" obj="0" site="4" prev-site="25" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="567" min="266" max="868" shift="134" buckets="402:1 484:1"/>
   <duration min="1012" max="1632"/>
  </symbol>
  <symbol id="27" call="MPI_Win_fence" comm="0" obj="0" site="4" prev-site="20" occurrences="17">
   <side role="member" events="17" count="0"/>
   <compute mean="16401.117647058825" min="16270" max="17092" shift="134" buckets="700:15 701:1 702:1"/>
   <duration mean="4962" min="711" max="18207" buckets="469:1 470:1 472:1 488:1 490:1 491:1 492:1 494:1 495:3 513:1 519:1 704:3 705:1"/>
  </symbol>
  <symbol id="28" call="MPI_Barrier" comm="0" site="26" prev-site="20" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="16300" min="16300" max="16300" shift="134" buckets="700:1"/>
   <duration min="812" max="812"/>
  </symbol>
  <symbol id="29" call="MPI_Win_fence" comm="0" obj="0" site="27" prev-site="26" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="1889" min="1889" max="1889" shift="134" buckets="541:1"/>
   <duration min="851" max="851"/>
  </symbol>
  <symbol id="30" call="MPI_Win_lock" comm="0" obj="1" site="28" prev-site="27" occurrences="1">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="0"/>
   <compute mean="477" min="477" max="477" shift="134" buckets="442:1"/>
   <duration min="551" max="551"/>
  </symbol>
  <symbol id="31" call="MPI_Win_unlock" comm="0" obj="1" site="29" prev-site="28" occurrences="1">
   <peer kind="rel" value="0"/>
   <side role="member" events="1" count="0"/>
   <compute min="346" max="346" shift="134"/>
   <duration min="791" max="791"/>
  </symbol>
  <symbol id="32" call="MPI_Win_free" comm="0" obj="1" site="30" prev-site="29" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="467" min="467" max="467" shift="134" buckets="440:1"/>
   <duration min="20691" max="20691"/>
  </symbol>
  <symbol id="33" call="MPI_Win_free" comm="0" obj="0" site="31" prev-site="30" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="567" max="567" shift="134"/>
   <duration min="3395" max="3395"/>
  </symbol>
  <symbol id="34" call="MPI_Finalize" comm="0" site="32" prev-site="31" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="58273" min="58273" max="58273" shift="134" buckets="789:1"/>
   <compute-cpu min="21419" max="21419" shift="134"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="17" time-ns="124201.66764705883">
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="27"/>
  </block>
  <block id="1" events="361" time-ns="4232268">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <s ref="24"/>
   <s ref="25"/>
   <s ref="26"/>
   <loop body="0" count="9"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <s ref="24"/>
   <s ref="25"/>
   <s ref="26"/>
   <loop body="0" count="8"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
  </block>
  <dominant block="0" count="9" share="0.49888814933269826" iteration-ns="124201.66764705883"/>
 </class>
 <class id="1" ranks="1" program="3" events="359" length="89" time-ns="46641929">
  <symbol id="35" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="8901" min="8901" max="8901" shift="82" buckets="653:1"/>
   <duration min="35951035" max="35951035"/>
  </symbol>
  <symbol id="36" call="MPI_Win_create" comm="0" obj="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="16743" max="16743" shift="82"/>
   <duration min="935534" max="935534"/>
  </symbol>
  <symbol id="37" call="MPI_Win_allocate" comm="0" obj="1" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="5666" max="5666" shift="82"/>
   <duration min="652582" max="652582"/>
  </symbol>
  <symbol id="38" call="MPI_Barrier" comm="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="5196" max="5196" shift="82"/>
   <duration min="7682" max="7682"/>
  </symbol>
  <symbol id="39" call="MPI_Win_fence" comm="0" obj="0" site="4" prev-site="3" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="3453" max="3453" shift="82"/>
   <duration min="2023" max="2023"/>
  </symbol>
  <symbol id="40" call="MPI_Put" comm="0" obj="0" dtsize="8" site="5" prev-site="4" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="64" bytes="512"/>
   <compute mean="302.75" min="0" max="4164" shift="82" zeros="1" buckets="150:1 162:1 206:1 234:6 259:3 260:1 273:1 290:1 350:1 361:1 507:1 600:1"/>
   <duration mean="2187.85" min="130" max="16945" buckets="350:1 354:1 355:1 362:3 366:2 370:1 390:1 410:1 506:1 547:2 552:1 571:1 595:1 600:1 630:1 701:1"/>
  </symbol>
  <symbol id="41" call="MPI_Put" comm="0" obj="0" dtsize="8" site="6" prev-site="5" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="64" bytes="512"/>
   <compute mean="392.3" min="8" max="5586" shift="82" buckets="150:2 206:1 234:1 259:1 273:1 350:1 353:1 354:1 357:1 358:3 361:1 362:2 365:1 389:1 392:1 618:1"/>
   <duration mean="768.7" min="50" max="3395" buckets="278:1 293:4 305:2 312:2 320:1 354:1 358:1 366:1 385:1 530:1 532:1 533:1 555:1 580:1 582:1"/>
  </symbol>
  <symbol id="42" call="MPI_Win_fence" comm="0" obj="0" site="7" prev-site="6" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="95.05" min="0" max="218" shift="82" zeros="1" buckets="150:1 206:2 234:2 240:1 259:2 318:1 342:1 350:1 353:1 357:1 358:1 365:3 380:1 384:1"/>
   <duration mean="6562.35" min="1492" max="44496" buckets="522:1 535:1 537:1 545:1 546:1 549:1 552:1 585:1 591:1 594:1 604:1 605:1 617:1 618:1 619:1 623:1 633:1 652:1 692:1 767:1"/>
  </symbol>
  <symbol id="43" call="MPI_Win_lock" comm="0" obj="1" site="8" prev-site="7" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="0"/>
   <compute mean="33493" min="33218" max="35561" shift="82" buckets="750:14 751:4 752:1 754:1"/>
   <compute-cpu mean="32454.35" min="32146" max="33398" shift="82" buckets="748:2 749:17 751:1"/>
   <duration mean="14463.1" min="2503" max="218316" buckets="561:1 566:2 571:1 574:1 576:1 581:1 582:1 584:1 585:1 586:2 588:1 591:1 595:1 598:1 606:1 609:1 651:1 883:1"/>
  </symbol>
  <symbol id="44" call="MPI_Accumulate" comm="0" obj="1" dtsize="8" op="MPI_SUM" site="9" prev-site="8" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="1" bytes="8"/>
   <compute mean="106.25" min="0" max="1395" shift="82" zeros="6" buckets="150:5 206:1 234:1 259:2 290:1 326:1 357:1 400:1 518:1"/>
   <duration mean="7080.4" min="180" max="135642" buckets="370:4 374:2 378:3 382:3 389:2 400:1 447:1 452:1 470:1 506:1 851:1"/>
  </symbol>
  <symbol id="45" call="MPI_Win_unlock" comm="0" obj="1" site="10" prev-site="9" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="0"/>
   <compute mean="108.95" min="0" max="1590" shift="82" zeros="13" buckets="206:1 326:1 335:2 342:1 354:1 527:1"/>
   <duration mean="1566.85" min="1302" max="3025" buckets="513:1 515:1 516:1 517:4 518:1 520:2 522:1 525:1 526:4 527:1 534:1 539:1 573:1"/>
  </symbol>
  <symbol id="46" call="MPI_Win_lock_all" comm="0" obj="1" site="11" prev-site="10" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="41.45" min="0" max="639" shift="82" zeros="13" buckets="150:1 206:3 260:1 318:1 462:1"/>
   <duration mean="4159.1" min="1282" max="24306" buckets="512:1 516:1 519:2 522:1 523:1 527:1 538:1 540:1 550:1 559:1 598:1 601:1 603:2 605:1 616:1 621:1 645:1 724:1"/>
  </symbol>
  <symbol id="47" call="MPI_Fetch_and_op" comm="0" obj="1" dtsize="8" op="MPI_SUM" site="12" prev-site="11" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="0"/>
   <compute mean="44.6" min="0" max="669" shift="82" zeros="15" buckets="150:1 273:1 303:1 326:1 465:1"/>
   <duration mean="647" min="150" max="3165" buckets="358:2 362:1 366:3 370:4 374:1 378:1 382:1 385:1 451:1 467:1 542:1 543:1 554:1 577:1"/>
  </symbol>
  <symbol id="48" call="MPI_Get_accumulate" comm="0" obj="1" dtsize="8" op="MPI_SUM" site="13" prev-site="12" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="1" bytes="8"/>
   <compute mean="57.5" min="0" max="659" shift="82" zeros="10" buckets="150:4 234:1 303:1 318:2 373:1 464:1"/>
   <duration mean="553.9" min="120" max="4777" buckets="343:1 354:1 355:1 358:2 362:1 370:2 374:3 378:1 385:1 389:1 400:1 402:1 441:1 470:1 552:1 608:1"/>
  </symbol>
  <symbol id="49" call="MPI_Win_flush" comm="0" obj="1" site="14" prev-site="13" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="0"/>
   <compute mean="40.55" min="0" max="629" shift="82" zeros="15" buckets="150:1 234:1 303:1 310:1 461:1"/>
   <duration mean="3286.5" min="1122" max="18968" buckets="504:1 505:1 508:2 509:1 515:1 516:1 522:1 527:1 528:1 531:1 533:1 555:1 556:1 565:1 595:1 598:1 631:1 650:1 707:1"/>
  </symbol>
  <symbol id="50" call="MPI_Compare_and_swap" comm="0" obj="1" dtsize="8" site="15" prev-site="14" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="0"/>
   <compute mean="47.75" min="0" max="760" shift="82" zeros="15" buckets="206:1 259:2 326:1 474:1"/>
   <duration mean="892.35" min="151" max="8583" buckets="358:1 362:1 370:5 374:1 378:3 382:1 402:1 412:2 428:1 443:1 551:1 577:1 652:1"/>
  </symbol>
  <symbol id="51" call="MPI_Win_flush_all" comm="0" obj="1" site="16" prev-site="15" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="48.05" min="0" max="660" shift="82" zeros="10" buckets="150:2 206:4 234:1 318:1 326:1 464:1"/>
   <duration mean="4724.6" min="621" max="46809" buckets="460:1 462:1 470:1 484:1 485:1 489:1 490:1 497:1 499:1 500:1 503:1 534:1 544:1 572:1 593:1 600:1 609:1 612:1 681:1 771:1"/>
  </symbol>
  <symbol id="52" call="MPI_Rput" comm="0" obj="1" dtsize="8" site="17" prev-site="16" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="32" bytes="256"/>
   <compute mean="271.6" min="0" max="5216" shift="82" zeros="14" buckets="206:2 234:1 290:1 335:1 613:1"/>
   <duration mean="581.35" min="90" max="5258" buckets="320:7 321:1 328:2 335:1 343:2 374:1 402:2 445:1 539:1 550:1 614:1"/>
  </symbol>
  <symbol id="53" call="MPI_Rget" comm="0" obj="1" dtsize="8" site="18" prev-site="17" occurrences="20">
   <peer kind="rel" value="-1"/>
   <side role="member" events="20" count="32" rbytes="256"/>
   <compute mean="406.35" min="0" max="6368" shift="82" zeros="2" buckets="150:1 206:1 240:1 273:3 303:1 318:1 326:1 335:2 342:1 350:1 366:1 373:1 384:1 406:1 627:1"/>
   <duration mean="737.6" min="50" max="3274" buckets="278:1 293:1 305:1 312:3 320:2 321:1 343:1 354:1 366:1 404:1 445:1 531:1 537:1 546:1 548:1 552:1 579:1"/>
  </symbol>
  <symbol id="54" call="MPI_Waitall" comm="0" site="19" prev-site="18" occurrences="20">
   <side role="member" events="20" count="0"/>
   <link dist="2" index="0" call="MPI_Rput"/>
   <link dist="1" index="1" call="MPI_Rget"/>
   <compute mean="491.45" min="0" max="5046" shift="82" zeros="5" buckets="150:1 206:4 234:1 259:1 290:1 310:1 326:1 335:1 342:1 350:1 598:1 611:1"/>
   <duration mean="2080.6" min="300" max="6420" buckets="408:1 445:2 449:1 470:1 484:1 502:1 503:2 508:1 511:2 531:1 532:1 575:1 592:1 593:1 611:1 620:1 628:1"/>
  </symbol>
  <symbol id="55" call="MPI_Win_unlock_all" comm="0" obj="1" site="20" prev-site="19" occurrences="20">
   <side role="member" events="20" count="0"/>
   <compute mean="134.3" min="8" max="1059" shift="82" buckets="150:3 162:1 206:4 234:1 259:3 260:1 290:1 342:1 350:1 396:1 414:1 439:1 501:1"/>
   <duration mean="6219.9" min="591" max="22073" buckets="457:1 468:1 472:1 476:1 483:1 486:1 487:2 490:2 491:1 510:1 518:1 564:1 700:4 715:1 717:1"/>
  </symbol>
  <symbol id="56" call="MPI_Win_allocate" comm="0" obj="2" site="21" prev-site="20" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="16422" max="17764" shift="82"/>
   <duration min="80426" max="428529"/>
  </symbol>
  <symbol id="57" call="MPI_Win_fence" comm="0" obj="2" site="22" prev-site="21" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="1620" max="2126" shift="82"/>
   <duration min="1141" max="4317"/>
  </symbol>
  <symbol id="58" call="MPI_Get" comm="0" obj="2" dtsize="8" site="23" prev-site="22" occurrences="2">
   <peer kind="rel" value="-1"/>
   <side role="member" events="2" count="64" rbytes="512"/>
   <compute min="279" max="1069" shift="82"/>
   <duration min="591" max="4998"/>
  </symbol>
  <symbol id="59" call="MPI_Win_fence" comm="0" obj="2" site="24" prev-site="23" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="138" max="328" shift="82"/>
   <duration min="6330" max="31678"/>
  </symbol>
  <symbol id="60" call="MPI_Win_free" comm="0" obj="2" site="25" prev-site="24" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="128" max="1069" shift="82"/>
   <duration min="11808" max="18848"/>
  </symbol>
  <symbol id="61" call="MPI_Win_fence" comm="0" obj="0" site="4" prev-site="25" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="463.5" min="438" max="489" shift="82" buckets="434:1 444:1"/>
   <duration min="9204" max="16775"/>
  </symbol>
  <symbol id="62" call="MPI_Win_fence" comm="0" obj="0" site="4" prev-site="20" occurrences="17">
   <side role="member" events="17" count="0"/>
   <compute mean="16260.882352941177" min="16222" max="16353" shift="82" buckets="698:12 700:5"/>
   <duration mean="19887.941176470587" min="881" max="132367" buckets="486:1 504:1 505:1 508:1 509:1 704:5 705:3 706:1 707:1 708:1 850:1"/>
  </symbol>
  <symbol id="63" call="MPI_Barrier" comm="0" site="26" prev-site="20" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="16242" min="16242" max="16242" shift="82" buckets="698:1"/>
   <duration min="18167" max="18167"/>
  </symbol>
  <symbol id="64" call="MPI_Win_fence" comm="0" obj="0" site="27" prev-site="26" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="1521" max="1521" shift="82"/>
   <duration min="1262" max="1262"/>
  </symbol>
  <symbol id="65" call="MPI_Win_free" comm="0" obj="1" site="30" prev-site="27" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="258" max="258" shift="82"/>
   <duration min="14061" max="14061"/>
  </symbol>
  <symbol id="66" call="MPI_Win_free" comm="0" obj="0" site="31" prev-site="30" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="239" min="239" max="239" shift="82" buckets="392:1"/>
   <duration min="12218" max="12218"/>
  </symbol>
  <symbol id="67" call="MPI_Finalize" comm="0" site="32" prev-site="31" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="1851" max="1851" shift="82"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="2" events="17" time-ns="128742.87352941181">
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="49"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="52"/>
   <s ref="53"/>
   <s ref="54"/>
   <s ref="55"/>
   <s ref="62"/>
  </block>
  <block id="3" events="359" time-ns="4826524.999999999">
   <s ref="35"/>
   <s ref="36"/>
   <s ref="37"/>
   <s ref="38"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="49"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="52"/>
   <s ref="53"/>
   <s ref="54"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="59"/>
   <s ref="60"/>
   <s ref="61"/>
   <loop body="2" count="9"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="49"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="52"/>
   <s ref="53"/>
   <s ref="54"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="59"/>
   <s ref="60"/>
   <s ref="61"/>
   <loop body="2" count="8"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="49"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="52"/>
   <s ref="53"/>
   <s ref="54"/>
   <s ref="55"/>
   <s ref="63"/>
   <s ref="64"/>
   <s ref="65"/>
   <s ref="66"/>
   <s ref="67"/>
  </block>
  <dominant block="2" count="9" share="0.4534585131124362" iteration-ns="128742.87352941181"/>
 </class>
</signature>
